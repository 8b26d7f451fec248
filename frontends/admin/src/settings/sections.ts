import { LANGUAGE_OPTIONS } from '@agora/contracts/i18n/languages';
import { Limits } from '@agora/contracts/limits';
import { COLOR_SCHEMES } from '@agora/contracts/site/color-schemes';
import type { FieldSpec, FormValues } from '../forms/schema';

/**
 * One settings form: the admin API path it reads and saves, its fields, and how the API's value and the
 * form's values turn into each other where they are not the same shape.
 */
export interface SettingsSection {
  id: string;
  /** Below `{base}/admin/api`. */
  path: string;
  title: string;
  fields: FieldSpec[];
  toForm?: (data: Record<string, unknown>) => FormValues;
  toWire?: (values: FormValues, data: Record<string, unknown>) => unknown;
}

const TIME_ZONES: string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

const cleanLines = (value: unknown) =>
  (Array.isArray(value) ? value : [])
    .map(String)
    .map((line) => line.trim())
    .filter(Boolean);

/** Tags one per line, as `slug` or `slug, Display name`. */
const tagLines = (value: unknown) =>
  (Array.isArray(value) ? value : []).map((tag: { slug_name: string; display_name: string }) =>
    tag.display_name && tag.display_name !== tag.slug_name ? `${tag.slug_name}, ${tag.display_name}` : tag.slug_name,
  );
const tagsOf = (value: unknown) =>
  cleanLines(value).map((line) => {
    const [slug = '', ...rest] = line.split(',');
    const display = rest.join(',').trim();
    return { slug_name: slug.trim(), display_name: display || slug.trim() };
  });

const AVATARS = [
  { value: 'gravatar', label: 'ui.admin.options.gravatar' },
  { value: 'system', label: 'ui.admin.options.system' },
];

export const SECTIONS = {
  general: {
    id: 'general',
    path: 'siteinfo/general',
    title: 'ui.admin.menu.general',
    fields: [
      { name: 'name', kind: 'text', required: true, maxLength: 128 },
      { name: 'site_url', kind: 'url', required: true, maxLength: 512, description: 'ui.admin.help.site_url' },
      { name: 'short_description', kind: 'text', required: true, maxLength: 255 },
      { name: 'description', kind: 'textarea', required: true, maxLength: 2000 },
      { name: 'contact_email', kind: 'email', required: true, maxLength: 512 },
    ],
  },
  interface: {
    id: 'interface',
    path: 'siteinfo/interface',
    title: 'ui.admin.menu.interface',
    fields: [
      {
        name: 'language',
        kind: 'select',
        required: true,
        options: LANGUAGE_OPTIONS.map((o) => ({ value: o.value, label: o.label, raw: true })),
      },
      {
        name: 'time_zone',
        kind: 'select',
        required: true,
        options: TIME_ZONES.map((zone) => ({ value: zone, label: zone, raw: true })),
      },
    ],
  },
  branding: {
    id: 'branding',
    path: 'siteinfo/branding',
    title: 'ui.admin.menu.branding',
    fields: [
      { name: 'logo', kind: 'image', required: true, maxLength: 512, description: 'ui.admin.help.image' },
      { name: 'mobile_logo', kind: 'image', maxLength: 512, description: 'ui.admin.help.image' },
      { name: 'square_icon', kind: 'image', required: true, maxLength: 512, description: 'ui.admin.help.image' },
      { name: 'favicon', kind: 'image', maxLength: 512, description: 'ui.admin.help.image' },
    ],
  },
  smtp: {
    id: 'smtp',
    path: 'setting/smtp',
    title: 'ui.admin.menu.smtp',
    fields: [
      // Each may be saved empty: mail goes through SMTP once a host is named (docs/behaviour-decisions.md).
      { name: 'from_email', kind: 'email', maxLength: 256 },
      { name: 'from_name', kind: 'text', maxLength: 256, description: 'ui.admin.help.from_name' },
      { name: 'smtp_host', kind: 'text', maxLength: 256 },
      {
        name: 'encryption',
        kind: 'select',
        options: [
          { value: '', label: 'ui.admin.options.no_encryption' },
          { value: 'SSL', label: 'SSL', raw: true },
          { value: 'TLS', label: 'TLS', raw: true },
        ],
      },
      { name: 'smtp_port', kind: 'number', required: true, min: Limits.smtp.portMin, max: Limits.smtp.portMax },
      { name: 'smtp_authentication', kind: 'switch' },
      { name: 'smtp_username', kind: 'text', maxLength: 256 },
      { name: 'smtp_password', kind: 'password', maxLength: 256 },
      { name: 'test_email_recipient', kind: 'email', description: 'ui.admin.help.test_email_recipient' },
    ],
    toForm: (data) => ({ ...(data as FormValues), test_email_recipient: '' }),
    toWire: (values) => ({ ...values, smtp_port: Number(values.smtp_port) }),
  },
  policies: {
    id: 'policies',
    path: 'siteinfo/polices',
    title: 'ui.admin.menu.legal',
    fields: [
      { name: 'terms_of_service_original_text', kind: 'textarea', description: 'ui.admin.help.markdown' },
      { name: 'privacy_policy_original_text', kind: 'textarea', description: 'ui.admin.help.markdown' },
    ],
  },
  security: {
    id: 'security',
    path: 'siteinfo/security',
    title: 'ui.admin.menu.security',
    fields: [
      { name: 'login_required', kind: 'switch', description: 'ui.admin.help.login_required' },
      {
        name: 'external_content_display',
        kind: 'select',
        required: true,
        options: [
          { value: 'always_display', label: 'ui.admin.options.always_display' },
          { value: 'ask_before_display', label: 'ui.admin.options.ask_before_display' },
        ],
      },
      { name: 'captcha_enabled', kind: 'switch', description: 'ui.admin.help.captcha_enabled' },
      { name: 'check_update', kind: 'switch' },
    ],
  },
  questions: {
    id: 'questions',
    path: 'siteinfo/question',
    title: 'ui.admin.sections.questions',
    fields: [
      { name: 'min_tags', kind: 'number', min: 0, max: Limits.tags.maxPerQuestion },
      { name: 'min_content', kind: 'number', min: 0, max: 65535 },
      { name: 'restrict_answer', kind: 'switch', description: 'ui.admin.help.restrict_answer' },
      {
        name: 'hold_first_posts',
        kind: 'number',
        min: 0,
        max: Limits.hold.firstPostsMax,
        description: 'ui.admin.help.hold_first_posts',
      },
      {
        name: 'hold_links_below_reputation',
        kind: 'number',
        min: 0,
        max: Limits.privilegeMaxReputation,
        description: 'ui.admin.help.hold_links_below_reputation',
      },
    ],
    toWire: (values) => ({
      ...values,
      min_tags: Number(values.min_tags),
      min_content: Number(values.min_content),
      hold_first_posts: Number(values.hold_first_posts ?? 0),
      hold_links_below_reputation: Number(values.hold_links_below_reputation ?? 0),
    }),
  },
  tags: {
    id: 'tags',
    path: 'siteinfo/tag',
    title: 'ui.admin.sections.tags',
    fields: [
      { name: 'recommend_tags', kind: 'lines', description: 'ui.admin.help.tag_lines' },
      { name: 'required_tag', kind: 'switch', description: 'ui.admin.help.required_tag' },
      { name: 'reserved_tags', kind: 'lines', description: 'ui.admin.help.tag_lines' },
    ],
    toForm: (data) => ({
      recommend_tags: tagLines(data.recommend_tags),
      required_tag: data.required_tag === true,
      reserved_tags: tagLines(data.reserved_tags),
    }),
    toWire: (values) => ({
      recommend_tags: tagsOf(values.recommend_tags),
      required_tag: values.required_tag,
      reserved_tags: tagsOf(values.reserved_tags),
    }),
  },
  advanced: {
    id: 'advanced',
    path: 'siteinfo/advanced',
    title: 'ui.admin.sections.advanced',
    fields: [
      {
        name: 'max_image_size',
        kind: 'number',
        min: 0,
        max: Limits.upload.settingMaxMb,
        description: 'ui.admin.help.megabytes',
      },
      {
        name: 'max_attachment_size',
        kind: 'number',
        min: 0,
        max: Limits.upload.settingMaxMb,
        description: 'ui.admin.help.megabytes',
      },
      { name: 'max_image_megapixel', kind: 'number', min: 0, max: Limits.upload.settingMaxMegapixels },
      { name: 'authorized_image_extensions', kind: 'lines', description: 'ui.admin.help.one_per_line' },
      { name: 'authorized_attachment_extensions', kind: 'lines', description: 'ui.admin.help.one_per_line' },
    ],
    toWire: (values) => ({
      ...values,
      max_image_size: Number(values.max_image_size),
      max_attachment_size: Number(values.max_attachment_size),
      max_image_megapixel: Number(values.max_image_megapixel),
      authorized_image_extensions: cleanLines(values.authorized_image_extensions),
      authorized_attachment_extensions: cleanLines(values.authorized_attachment_extensions),
    }),
  },
  seo: {
    id: 'seo',
    path: 'siteinfo/seo',
    title: 'ui.admin.menu.seo',
    fields: [
      {
        name: 'permalink',
        kind: 'select',
        required: true,
        options: [1, 2, 3, 4].map((n) => ({ value: String(n), label: `ui.admin.options.permalink_${n}` })),
      },
      { name: 'robots', kind: 'textarea', required: true, maxLength: 65536 },
    ],
    toForm: (data) => ({ permalink: String(data.permalink), robots: String(data.robots ?? '') }),
    toWire: (values) => ({ permalink: Number(values.permalink), robots: values.robots }),
  },
  login: {
    id: 'login',
    path: 'siteinfo/login',
    title: 'ui.admin.menu.login',
    fields: [
      { name: 'allow_new_registrations', kind: 'switch' },
      { name: 'allow_email_registrations', kind: 'switch' },
      { name: 'allow_password_login', kind: 'switch' },
      { name: 'require_email_verification', kind: 'switch' },
      { name: 'allow_email_domains', kind: 'lines', description: 'ui.admin.help.email_domains' },
    ],
    toWire: (values) => ({ ...values, allow_email_domains: cleanLines(values.allow_email_domains) }),
  },
  users: {
    id: 'users',
    path: 'siteinfo/users',
    title: 'ui.admin.menu.settings_users',
    fields: [
      { name: 'default_avatar', kind: 'select', required: true, options: AVATARS },
      { name: 'gravatar_base_url', kind: 'url', maxLength: 512 },
      { name: 'allow_update_display_name', kind: 'switch' },
      { name: 'allow_update_username', kind: 'switch' },
      { name: 'allow_update_avatar', kind: 'switch' },
      { name: 'allow_update_bio', kind: 'switch' },
      { name: 'allow_update_website', kind: 'switch' },
      { name: 'allow_update_location', kind: 'switch' },
    ],
  },
  theme: {
    id: 'theme',
    path: 'siteinfo/theme',
    title: 'ui.admin.menu.themes',
    fields: [
      { name: 'primary_color', kind: 'color', required: true, serverField: 'theme_config' },
      {
        name: 'color_scheme',
        kind: 'select',
        options: COLOR_SCHEMES.map((scheme) => ({ value: scheme, label: `ui.admin.options.scheme_${scheme}` })),
      },
      {
        name: 'layout',
        kind: 'select',
        options: [
          { value: 'Full-width', label: 'ui.admin.options.full_width' },
          { value: 'Fixed-width', label: 'ui.admin.options.fixed_width' },
        ],
      },
    ],
    toForm: (data) => {
      const config = (data.theme_config as Record<string, Record<string, unknown>> | undefined)?.[String(data.theme)];
      return {
        primary_color: String(config?.primary_color ?? '#0033ff'),
        color_scheme: String(data.color_scheme || 'default'),
        layout: String(data.layout || 'Full-width'),
      };
    },
    toWire: (values, data) => {
      const theme = String(data.theme || 'default');
      const configs = (data.theme_config as Record<string, Record<string, unknown>> | undefined) ?? {};
      return {
        theme,
        color_scheme: values.color_scheme,
        layout: values.layout,
        theme_config: { ...configs, [theme]: { ...configs[theme], primary_color: values.primary_color } },
      };
    },
  },
  customCssHtml: {
    id: 'custom-css-html',
    path: 'siteinfo/custom-css-html',
    title: 'ui.admin.menu.css_html',
    fields: ['custom_css', 'custom_head', 'custom_header', 'custom_sidebar', 'custom_footer'].map(
      (name): FieldSpec => ({ name, kind: 'textarea', maxLength: 65536, description: `ui.admin.help.${name}` }),
    ),
  },
} satisfies Record<string, SettingsSection>;
