import { type Static, Type } from 'typebox';
import { SettingsGroupSchemas, type SiteSettings } from './settings';

const G = SettingsGroupSchemas;

export const ThemeOption = Type.Object({ label: Type.String(), value: Type.String() });

/** `GET {base}/api/v1/siteinfo` (the reference API's `SiteInfoResp`). */
export const SiteInfoSchema = Type.Object({
  general: G.general,
  interface: G.interface,
  users_settings: Type.Object({ default_avatar: Type.String(), gravatar_base_url: Type.String() }),
  branding: G.branding,
  login: G.login,
  theme: Type.Object({
    theme: Type.String(),
    theme_config: Type.Record(Type.String(), Type.Unknown()),
    theme_options: Type.Array(ThemeOption),
    color_scheme: Type.String(),
    layout: Type.String(),
  }),
  custom_css_html: G.custom_css_html,
  site_seo: G.seo,
  site_users: G.users,
  site_advanced: G.advanced,
  site_questions: G.questions,
  site_tags: G.tags,
  site_legal: Type.Object({ external_content_display: Type.String() }),
  site_security: G.security,
  version: Type.String(),
  revision: Type.String(),
  ai_enabled: Type.Boolean(),
  mcp_enabled: Type.Boolean(),
});
export type SiteInfo = Static<typeof SiteInfoSchema>;

export const THEME_OPTIONS = [{ label: 'Default', value: 'default' }];

export function toSiteInfo(s: SiteSettings, build: { version: string; revision: string }): SiteInfo {
  return {
    general: s.general,
    interface: s.interface,
    users_settings: { default_avatar: s.users.default_avatar, gravatar_base_url: s.users.gravatar_base_url },
    branding: s.branding,
    login: s.login,
    theme: { ...s.theme, theme_options: THEME_OPTIONS },
    custom_css_html: s.custom_css_html,
    site_seo: s.seo,
    site_users: s.users,
    site_advanced: s.advanced,
    site_questions: s.questions,
    site_tags: s.tags,
    site_legal: { external_content_display: s.security.external_content_display },
    site_security: s.security,
    version: build.version,
    revision: build.revision,
    ai_enabled: false,
    mcp_enabled: false,
  };
}

/** `GET siteinfo/legal?info_type=tos|privacy`: only the asked-for document is filled. */
export const LegalInfoSchema = Type.Object({
  terms_of_service_original_text: Type.String(),
  terms_of_service_parsed_text: Type.String(),
  privacy_policy_original_text: Type.String(),
  privacy_policy_parsed_text: Type.String(),
});
export type LegalInfo = Static<typeof LegalInfoSchema>;

/** The admin's custom CSS as a stylesheet, at the site root (the reference client links it from every page). */
export const CUSTOM_CSS_PATH = '/custom.css';

/** The crawlers' rules, at the site root, from the SEO settings. */
export const ROBOTS_PATH = '/robots.txt';
