/** The profile's tabs in order; bookmarks and votes are the member's own, shown only to them. */
export const PROFILE_TABS = [
  'overview',
  'answers',
  'questions',
  'bookmarks',
  'reputation',
  'comments',
  'votes',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const OWN_ONLY_TABS: ReadonlySet<ProfileTab> = new Set(['bookmarks', 'votes']);

export const isProfileTab = (name: string): name is ProfileTab => (PROFILE_TABS as readonly string[]).includes(name);

/** A tab's path: the overview is the profile's own path. */
export const tabPath = (username: string, tab: ProfileTab) =>
  tab === 'overview' ? `/users/${encodeURIComponent(username)}` : `/users/${encodeURIComponent(username)}/${tab}`;
