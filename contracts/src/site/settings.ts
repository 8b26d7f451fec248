import { type Static, Type } from 'typebox';
import { Limits } from '../limits';
import { PluginsGroupSchema } from './plugins';

/** Site-setting groups, each validated as the admin API receives it (reference API group "admin: site settings"). */
export const SiteWriteTag = Type.Object({
  slug_name: Type.String({ maxLength: Limits.tags.slugMaxLength }),
  display_name: Type.String({ maxLength: Limits.tags.nameMaxLength }),
});

export const SettingsGroupSchemas = {
  general: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 128 }),
    short_description: Type.String({ maxLength: 255 }),
    description: Type.String({ maxLength: 2000 }),
    site_url: Type.String({ minLength: 1, maxLength: 512, format: 'uri' }),
    contact_email: Type.String({ maxLength: 512 }),
  }),
  interface: Type.Object({
    language: Type.String({ minLength: 1, maxLength: 128 }),
    time_zone: Type.String({ minLength: 1, maxLength: 128 }),
  }),
  branding: Type.Object({
    logo: Type.String({ maxLength: 512 }),
    mobile_logo: Type.String({ maxLength: 512 }),
    square_icon: Type.String({ maxLength: 512 }),
    favicon: Type.String({ maxLength: 512 }),
  }),
  login: Type.Object({
    allow_new_registrations: Type.Boolean(),
    allow_email_registrations: Type.Boolean(),
    allow_password_login: Type.Boolean(),
    require_email_verification: Type.Boolean(),
    allow_email_domains: Type.Array(Type.String({ maxLength: 255 })),
  }),
  theme: Type.Object({
    theme: Type.String({ minLength: 1, maxLength: 255 }),
    theme_config: Type.Record(Type.String(), Type.Unknown()),
    color_scheme: Type.String({ maxLength: 100 }),
    layout: Type.Union([Type.Literal('Full-width'), Type.Literal('Fixed-width')]),
  }),
  custom_css_html: Type.Object({
    custom_head: Type.String({ maxLength: 65536 }),
    custom_css: Type.String({ maxLength: 65536 }),
    custom_header: Type.String({ maxLength: 65536 }),
    custom_footer: Type.String({ maxLength: 65536 }),
    custom_sidebar: Type.String({ maxLength: 65536 }),
  }),
  seo: Type.Object({
    permalink: Type.Integer({ minimum: 1, maximum: 4 }),
    robots: Type.String({ maxLength: 65536 }),
  }),
  users: Type.Object({
    default_avatar: Type.Union([Type.Literal('system'), Type.Literal('gravatar')]),
    gravatar_base_url: Type.String({ maxLength: 512 }),
    allow_update_display_name: Type.Boolean(),
    allow_update_username: Type.Boolean(),
    allow_update_avatar: Type.Boolean(),
    allow_update_bio: Type.Boolean(),
    allow_update_website: Type.Boolean(),
    allow_update_location: Type.Boolean(),
  }),
  questions: Type.Object({
    min_tags: Type.Integer({ minimum: 0, maximum: Limits.tags.maxPerQuestion }),
    min_content: Type.Integer({ minimum: 0, maximum: Limits.post.bodyMaxLength }),
    restrict_answer: Type.Boolean(),
    /**
     * Agora's pre-moderation (the reference leaves it to reviewer plugins, so both start off, 0): a member's new
     * questions and answers are held for review until this many of theirs are published, and a post with a link
     * is held while its author's reputation is below the second. Moderators and admins are never held.
     */
    hold_first_posts: Type.Optional(Type.Integer({ minimum: 0, maximum: Limits.hold.firstPostsMax })),
    hold_links_below_reputation: Type.Optional(Type.Integer({ minimum: 0, maximum: Limits.privilegeMaxReputation })),
  }),
  tags: Type.Object({
    recommend_tags: Type.Array(SiteWriteTag),
    required_tag: Type.Boolean(),
    reserved_tags: Type.Array(SiteWriteTag),
  }),
  advanced: Type.Object({
    max_image_size: Type.Integer({ minimum: 0, maximum: Limits.upload.settingMaxMb }),
    max_attachment_size: Type.Integer({ minimum: 0, maximum: Limits.upload.settingMaxMb }),
    max_image_megapixel: Type.Integer({ minimum: 0, maximum: Limits.upload.settingMaxMegapixels }),
    authorized_image_extensions: Type.Array(Type.String({ maxLength: 16 })),
    authorized_attachment_extensions: Type.Array(Type.String({ maxLength: 16 })),
  }),
  policies: Type.Object({
    terms_of_service_original_text: Type.String(),
    terms_of_service_parsed_text: Type.String(),
    privacy_policy_original_text: Type.String(),
    privacy_policy_parsed_text: Type.String(),
  }),
  security: Type.Object({
    login_required: Type.Boolean(),
    external_content_display: Type.Union([Type.Literal('always_display'), Type.Literal('ask_before_display')]),
    check_update: Type.Boolean(),
    /**
     * Agora's built-in captcha, due by the rules of `CAPTCHA_RULES`. The reference has captchas only when a captcha
     * plugin is enabled, so it starts off; admins switch it on.
     */
    captcha_enabled: Type.Optional(Type.Boolean()),
  }),
  smtp: Type.Object({
    from_email: Type.String({ maxLength: 256 }),
    from_name: Type.String({ maxLength: 256 }),
    smtp_host: Type.String({ maxLength: 256 }),
    smtp_port: Type.Integer({ minimum: Limits.smtp.portMin, maximum: Limits.smtp.portMax }),
    encryption: Type.Union([Type.Literal(''), Type.Literal('SSL'), Type.Literal('TLS')]),
    smtp_username: Type.String({ maxLength: 256 }),
    smtp_password: Type.String({ maxLength: 256 }),
    smtp_authentication: Type.Boolean(),
  }),
  privileges: Type.Object({
    /** 1, 2 or 3, or 99: the custom level, whose thresholds are `custom_privileges`. */
    level: Type.Integer({ minimum: 1, maximum: 99 }),
    /** The admin's own threshold of every leveled permission, kept while another level is chosen. */
    custom_privileges: Type.Optional(
      Type.Record(Type.String(), Type.Integer({ minimum: 1, maximum: Limits.privilegeMaxReputation })),
    ),
  }),
  /** The built-in plugins' switches and settings, by slug (docs/adr/0073-built-in-plugins.md). */
  plugins: PluginsGroupSchema,
} as const;

export type SettingsGroup = keyof typeof SettingsGroupSchemas;
export const SETTINGS_GROUPS = Object.keys(SettingsGroupSchemas) as SettingsGroup[];

export type SiteSettings = { [G in SettingsGroup]: Static<(typeof SettingsGroupSchemas)[G]> };

const DEFAULT_ROBOTS = `User-agent: *
Disallow: /admin
Disallow: /search
Disallow: /install
Disallow: /review
Disallow: /users/login
Disallow: /users/register
Disallow: /users/account-recovery
Disallow: /users/oauth/*
Disallow: /users/*/*
Disallow: /answer/api
Disallow: /*?code*

Sitemap: `;

/** The reference's default site settings, before any admin or installer change. */
export function defaultSiteSettings(siteUrl = 'http://localhost:9080'): SiteSettings {
  return {
    general: { name: 'Agora', short_description: '', description: '', site_url: siteUrl, contact_email: '' },
    interface: { language: 'en_US', time_zone: 'UTC' },
    branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
    login: {
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      require_email_verification: true,
      allow_email_domains: [],
    },
    theme: {
      theme: 'default',
      theme_config: { default: { navbar_style: '#0033ff', primary_color: '#0033ff' } },
      color_scheme: 'default',
      layout: 'Full-width',
    },
    custom_css_html: { custom_head: '', custom_css: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
    seo: { permalink: 2, robots: `${DEFAULT_ROBOTS}${siteUrl}/sitemap.xml` },
    users: {
      default_avatar: 'gravatar',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
      allow_update_display_name: true,
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    },
    questions: {
      min_tags: 1,
      min_content: 6,
      restrict_answer: true,
      hold_first_posts: 0,
      hold_links_below_reputation: 0,
    },
    tags: { recommend_tags: [], required_tag: false, reserved_tags: [] },
    advanced: {
      max_image_size: 4,
      max_attachment_size: 8,
      max_image_megapixel: 40,
      authorized_image_extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
      authorized_attachment_extensions: [],
    },
    policies: {
      terms_of_service_original_text: '',
      terms_of_service_parsed_text: '',
      privacy_policy_original_text: '',
      privacy_policy_parsed_text: '',
    },
    security: {
      login_required: false,
      external_content_display: 'always_display',
      check_update: true,
      captcha_enabled: false,
    },
    smtp: {
      from_email: '',
      from_name: '',
      smtp_host: '',
      smtp_port: 465,
      encryption: '',
      smtp_username: '',
      smtp_password: '',
      smtp_authentication: true,
    },
    privileges: { level: 2 },
    plugins: {},
  };
}
