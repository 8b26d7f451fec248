/** The settings pages in order; `profile` is the default. */
export const SETTINGS_SECTIONS = ['profile', 'notify', 'account', 'interface'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const isSettingsSection = (name: string): name is SettingsSection =>
  (SETTINGS_SECTIONS as readonly string[]).includes(name);

export const sectionPath = (section: SettingsSection) => `/users/settings/${section}`;
