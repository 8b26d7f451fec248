import { type Static, type TObject, type TSchema, Type } from 'typebox';
import { LEVELED_PRIVILEGE_KEYS } from '../identity/privileges';
import { Limits } from '../limits';
import { type SettingsGroup, SettingsGroupSchemas, type SiteSettings } from './settings';
import { ThemeOption } from './siteinfo';

/** Where the admin API lives below the site root. */
export const ADMIN_API_PREFIX = '/answer/admin/api';

/** What `GET setting/smtp` answers in place of a stored password; sending it back keeps the stored one. */
export const SMTP_PASSWORD_MASK = '********';

export { COLOR_SCHEMES, type ColorScheme } from './color-schemes';

/** The standard privilege levels; the admin may also pick the custom level (`CUSTOM_PRIVILEGE_LEVEL`). */
export const PRIVILEGE_LEVELS = [1, 2, 3] as const;

/**
 * A settings group as the admin API's PUT receives it: the fields the reference requires are required,
 * the others may be left out and keep their stored value.
 */
function putSchema<G extends SettingsGroup>(group: G, required: readonly string[]): TObject {
  const schema = SettingsGroupSchemas[group] as unknown as TObject<Record<string, TSchema>>;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([key, value]) => {
      // Formats (the site URL's) are checked with the group's other rules, so every bad field is named at once.
      const { format: _format, ...unformatted } = value as TSchema & { format?: string };
      const field = unformatted as TSchema;
      return [key, required.includes(key) ? field : Type.Optional(field)];
    }),
  );
  return Type.Object(properties);
}

/** One admin settings page: its path below the admin prefix, the group it edits and the PUT's required fields. */
export interface AdminSettingsPage {
  path: string;
  group: SettingsGroup;
  /** The fields of the group this page shows (all of them unless named). */
  fields?: readonly string[];
  required: readonly string[];
}

/** The admin settings pages whose GET answers the group (or its `fields`) and whose PUT replaces it. */
export const ADMIN_SETTINGS_PAGES = {
  general: { path: 'siteinfo/general', group: 'general', required: ['name', 'site_url', 'contact_email'] },
  interface: { path: 'siteinfo/interface', group: 'interface', required: ['language', 'time_zone'] },
  usersSettings: {
    path: 'siteinfo/users-settings',
    group: 'users',
    fields: ['default_avatar', 'gravatar_base_url'],
    required: ['default_avatar'],
  },
  branding: { path: 'siteinfo/branding', group: 'branding', required: [] },
  questions: { path: 'siteinfo/question', group: 'questions', required: [] },
  tags: { path: 'siteinfo/tag', group: 'tags', required: [] },
  advanced: { path: 'siteinfo/advanced', group: 'advanced', required: [] },
  policies: { path: 'siteinfo/polices', group: 'policies', required: [] },
  security: { path: 'siteinfo/security', group: 'security', required: ['external_content_display'] },
  seo: { path: 'siteinfo/seo', group: 'seo', required: ['permalink', 'robots'] },
  login: { path: 'siteinfo/login', group: 'login', required: ['require_email_verification'] },
  users: { path: 'siteinfo/users', group: 'users', required: ['default_avatar'] },
  customCssHtml: { path: 'siteinfo/custom-css-html', group: 'custom_css_html', required: [] },
} as const satisfies Record<string, AdminSettingsPage>;

export type AdminSettingsPageName = keyof typeof ADMIN_SETTINGS_PAGES;

/** The body of a page's PUT. */
export function adminSettingsPutSchema(page: AdminSettingsPage): TObject {
  const full = putSchema(page.group, page.required);
  if (!page.fields) return full;
  const fields = page.fields;
  return Type.Object(Object.fromEntries(Object.entries(full.properties).filter(([key]) => fields.includes(key))));
}

/** The reply of a page's GET. */
export function adminSettingsGetSchema(page: AdminSettingsPage): TObject {
  const full = SettingsGroupSchemas[page.group] as unknown as TObject<Record<string, TSchema>>;
  if (!page.fields) return full;
  const fields = page.fields;
  return Type.Object(Object.fromEntries(Object.entries(full.properties).filter(([key]) => fields.includes(key))));
}

/** `PUT siteinfo/theme` (the reference's `SiteThemeReq`); its GET adds the theme options. */
export const SiteThemePut = Type.Object({
  theme: Type.String({ minLength: 1, maxLength: 255 }),
  theme_config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  color_scheme: Type.Optional(Type.String({ maxLength: 100 })),
  layout: Type.Optional(Type.Union([Type.Literal('Full-width'), Type.Literal('Fixed-width')])),
});
export const SiteThemeResp = Type.Object({
  theme: Type.String(),
  theme_config: Type.Record(Type.String(), Type.Unknown()),
  theme_options: Type.Array(ThemeOption),
  color_scheme: Type.String(),
  layout: Type.String(),
});
export type SiteThemeResp = Static<typeof SiteThemeResp>;

/** `GET setting/smtp` (the password masked). */
export const SmtpSettingsResp = SettingsGroupSchemas.smtp;
export type SmtpSettingsResp = Static<typeof SmtpSettingsResp>;

/** `PUT setting/smtp`: a non-empty `test_email_recipient` is sent a test mail through the saved settings. */
export const SmtpSettingsPut = Type.Object({
  from_email: Type.Optional(Type.String({ maxLength: 256 })),
  from_name: Type.Optional(Type.String({ maxLength: 256 })),
  smtp_host: Type.Optional(Type.String({ maxLength: 256 })),
  smtp_port: Type.Optional(Type.Integer({ minimum: Limits.smtp.portMin, maximum: Limits.smtp.portMax })),
  encryption: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('SSL'), Type.Literal('TLS')])),
  smtp_username: Type.Optional(Type.String({ maxLength: 256 })),
  smtp_password: Type.Optional(Type.String({ maxLength: 256 })),
  smtp_authentication: Type.Optional(Type.Boolean()),
  test_email_recipient: Type.Optional(Type.String({ maxLength: Limits.user.emailMaxLength })),
});
export type SmtpSettingsPut = Static<typeof SmtpSettingsPut>;

/** One threshold of a privilege level, as the admin's privileges page lists it. */
export const PrivilegeItem = Type.Object({ key: Type.String(), label: Type.String(), value: Type.Integer() });
export const PrivilegeOption = Type.Object({
  level: Type.Integer(),
  level_desc: Type.String(),
  privileges: Type.Array(PrivilegeItem),
});
/** `GET setting/privileges` (the reference's `GetPrivilegesConfigResp`). */
export const PrivilegesResp = Type.Object({ options: Type.Array(PrivilegeOption), selected_level: Type.Integer() });
export type PrivilegesResp = Static<typeof PrivilegesResp>;
/**
 * `PUT setting/privileges`: a level of `PRIVILEGE_LEVELS`, or the custom level with a threshold for every leveled
 * permission (`custom_privileges`, which another level keeps for later).
 */
export const PrivilegesPut = Type.Object({
  level: Type.Integer({ minimum: 1, maximum: 99 }),
  custom_privileges: Type.Optional(
    Type.Array(
      Type.Object({
        key: Type.String({ maxLength: 64 }),
        value: Type.Integer({ minimum: 1, maximum: Limits.privilegeMaxReputation }),
      }),
      { maxItems: 64 },
    ),
  ),
});

/** The thresholds the privileges page lists, in its order. */
export const PRIVILEGE_PAGE_KEYS = LEVELED_PRIVILEGE_KEYS;

/** A settings group's stored value, typed by group. */
export type SettingsOf<G extends SettingsGroup> = SiteSettings[G];
