/** The theme's colour schemes: `default` follows the theme, `system` the visitor's device. No schema code: the web app imports it. */
export const COLOR_SCHEMES = ['default', 'light', 'dark', 'system'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
