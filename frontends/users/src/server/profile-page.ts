import {
  type ApiAnswer,
  i18n,
  type Page,
  type PageContext,
  type PageLoad,
  type PublicUserInfo,
  queryKeys,
  type ServerPage,
  summary,
  type UserBadgeAward,
  type UserTopPosts,
} from '@agora/kit';

const orEmpty = <T>(answer: ApiAnswer<T>, empty: T) => (answer.status === 200 && answer.data ? answer.data : empty);

const profilePath = (username: string) => `/users/${encodeURIComponent(username)}`;

/**
 * A member's profile (`/users/{username}`, its Overview) as the browser's `ProfilePage` asks for it: the member's
 * card, latest badges and top posts, as a visitor. An unknown or deleted member is a 404, a suspended one is shown
 * as the API shows it; another spelling of the username moves to the member's own. The other tabs are drawn by
 * the browser (docs/adr/0066-server-rendered-public-pages.md).
 */
async function load({ params, pathname, search, api, site }: PageContext): Promise<PageLoad> {
  if (params.tab !== undefined) return { kind: 'refused' };
  const username = params.username ?? '';
  const asked = encodeURIComponent(username);
  const [user, top, badges] = await Promise.all([
    api<PublicUserInfo>(`personal/user/info?username=${asked}`),
    api<UserTopPosts>(`personal/qa/top?username=${asked}`),
    api<Page<UserBadgeAward>>(`badge/user/awards/recent?username=${asked}`),
  ]);
  if (user.status === 404) return { kind: 'not-found' };
  if (user.status !== 200 || !user.data) return { kind: 'refused' };
  const member = user.data;
  const canonicalPath = profilePath(member.username);
  if (pathname !== canonicalPath) {
    return { kind: 'redirect', location: `${canonicalPath}${search.size ? `?${search}` : ''}` };
  }
  const name = member.display_name || member.username;
  const t = i18n.getFixedT(site.interface.language);
  return {
    kind: 'page',
    head: {
      title: name,
      description: summary(member.bio) || `${name} (@${member.username}) - ${t('ui.header.profile')}`,
      canonicalPath,
      type: 'profile',
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        mainEntity: { '@type': 'Person', name, alternateName: member.username },
      },
    },
    queries: [
      { key: queryKeys.profile(username), data: member },
      // A 404 of either is an empty list, as the browser's own call reads it (a deployment without badges).
      { key: queryKeys.profileTop(username), data: orEmpty(top, { question: [], answer: [] }) },
      { key: queryKeys.recentBadges(username), data: orEmpty(badges, { count: 0, list: [] }) },
    ],
  };
}

export const profilePage: ServerPage = { pattern: '/users/:username/:tab?', load };
