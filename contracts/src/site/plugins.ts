import { type Static, Type } from 'typebox';
import type { Language } from '../i18n/languages';

/**
 * Agora's plugins: built-in, optional capabilities an admin switches on and configures
 * (docs/adr/0073-built-in-plugins.md). Each has a slug, a name, a version, a description, a link and a form
 * of settings; external logins (identity's connectors) are listed beside them as `connector_<name>`.
 */
export const PluginSlug = {
  captcha: 'agora_captcha',
  sidebar: 'agora_sidebar',
  render: 'agora_code_highlight',
  embed: 'agora_embed',
} as const;
export type BuiltInPluginSlug = (typeof PluginSlug)[keyof typeof PluginSlug];

/** A connector's plugin slug: `connector_` and the connector's name. */
export const CONNECTOR_PLUGIN_PREFIX = 'connector_';
/** The version a connector's plugin reports: identity's connectors have one shape so far. */
export const CONNECTOR_PLUGIN_VERSION = '1.0.0';

/** A plugin's status in the admin list: on, off, or settings saved by an older version of it. */
export const PluginStatus = { active: 'active', inactive: 'inactive', outdated: 'outdated' } as const;
export type PluginStatusName = (typeof PluginStatus)[keyof typeof PluginStatus];

/** Text in each language the web app offers. */
export type Localised = Record<Language, string>;

/** The kinds of field a plugin form has, as the reference's client draws them. */
export const PluginFieldType = {
  input: 'input',
  textarea: 'textarea',
  switch: 'switch',
  select: 'select',
  tagSelector: 'tag_selector',
} as const;
export type PluginFieldTypeName = (typeof PluginFieldType)[keyof typeof PluginFieldType];

export interface PluginFieldDefinition {
  name: string;
  type: PluginFieldTypeName;
  title: Localised;
  description?: Localised;
  required?: boolean;
  /** `input` with `inputType: 'number'`: its bounds. */
  inputType?: 'text' | 'number';
  min?: number;
  max?: number;
  maxLength?: number;
  /** `select`: the values offered (their labels are the values). */
  options?: readonly string[];
  /** `textarea`: its height. */
  rows?: number;
  defaultValue: unknown;
}

export interface PluginDefinition {
  slug_name: BuiltInPluginSlug;
  name: Localised;
  version: string;
  description: Localised;
  fields: readonly PluginFieldDefinition[];
}

/** `tag_selector` values: the tags chosen, as the tag picker sends them. */
export const TagSelectorOptionSchema = Type.Object({
  tag_id: Type.String({ maxLength: 64 }),
  slug_name: Type.String({ maxLength: 100 }),
  display_name: Type.String({ maxLength: 100 }),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
export type TagSelectorOption = Static<typeof TagSelectorOptionSchema>;

/** Code highlighting themes the web app ships (highlight.js styles). */
export const CODE_THEMES = [
  'default',
  'github',
  'github-dark',
  'atom-one-light',
  'atom-one-dark',
  'monokai',
  'nord',
  'vs',
  'vs2015',
  'xcode',
] as const;
export type CodeTheme = (typeof CODE_THEMES)[number];

/** Link platforms whose links the web app can draw as embedded players or cards. */
export const EMBED_PLATFORMS = [
  'youtube',
  'vimeo',
  'bilibili',
  'twitter',
  'github_gist',
  'codepen',
  'jsfiddle',
  'figma',
  'loom',
] as const;
export type EmbedPlatform = (typeof EMBED_PLATFORMS)[number];

const EMBED_PLATFORM_NAMES: Record<EmbedPlatform, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  bilibili: 'Bilibili',
  twitter: 'X (Twitter)',
  github_gist: 'GitHub Gist',
  codepen: 'CodePen',
  jsfiddle: 'JSFiddle',
  figma: 'Figma',
  loom: 'Loom',
};

export const PluginLimits = {
  linksTextMaxLength: 4096,
  sidebarTagsMax: 20,
  captchaCharactersMin: 4,
  captchaCharactersMax: 8,
  captchaNoiseMax: 5,
  captchaCharactersDefault: 4,
  captchaNoiseDefault: 2,
} as const;

/** A built-in plugin's link: its settings page in the admin area. */
export const pluginLink = (slug: string) => `/admin/${slug}`;

/** The built-in plugins, in the order the admin list shows them. */
export const BUILT_IN_PLUGINS: readonly PluginDefinition[] = [
  {
    slug_name: PluginSlug.captcha,
    name: { en_US: 'Captcha', zh_CN: '验证码' },
    version: '1.0.0',
    description: {
      en_US:
        'An image captcha, asked for at sign-in, registration, posting and voting when an action is repeated too often.',
      zh_CN: '图片验证码：在登录、注册、发帖和投票等操作过于频繁时要求填写。',
    },
    fields: [
      {
        name: 'characters',
        type: PluginFieldType.input,
        inputType: 'number',
        title: { en_US: 'Characters', zh_CN: '字符数' },
        description: { en_US: 'How many characters a captcha shows.', zh_CN: '验证码显示的字符个数。' },
        required: true,
        min: PluginLimits.captchaCharactersMin,
        max: PluginLimits.captchaCharactersMax,
        defaultValue: PluginLimits.captchaCharactersDefault,
      },
      {
        name: 'noise',
        type: PluginFieldType.input,
        inputType: 'number',
        title: { en_US: 'Noise lines', zh_CN: '干扰线' },
        description: { en_US: 'Lines drawn across the characters.', zh_CN: '穿过字符的干扰线条数。' },
        required: true,
        min: 0,
        max: PluginLimits.captchaNoiseMax,
        defaultValue: PluginLimits.captchaNoiseDefault,
      },
    ],
  },
  {
    slug_name: PluginSlug.sidebar,
    name: { en_US: 'Sidebar', zh_CN: '侧边栏' },
    version: '1.0.0',
    description: {
      en_US: 'Shows chosen tags and a block of links in the sidebar of every page.',
      zh_CN: '在每个页面的侧边栏显示选定的标签和一组链接。',
    },
    fields: [
      {
        name: 'tags',
        type: PluginFieldType.tagSelector,
        title: { en_US: 'Tags', zh_CN: '标签' },
        description: { en_US: 'Tags shown in the sidebar.', zh_CN: '在侧边栏显示的标签。' },
        defaultValue: [],
      },
      {
        name: 'links_text',
        type: PluginFieldType.textarea,
        title: { en_US: 'Links', zh_CN: '链接' },
        description: {
          en_US: 'One link per line, as "Title, https://example.com".',
          zh_CN: '每行一个链接，格式为“标题, https://example.com”。',
        },
        maxLength: PluginLimits.linksTextMaxLength,
        rows: 6,
        defaultValue: '',
      },
    ],
  },
  {
    slug_name: PluginSlug.render,
    name: { en_US: 'Code highlighting', zh_CN: '代码高亮' },
    version: '1.0.0',
    description: {
      en_US: 'Colours code blocks in questions and answers with the theme chosen.',
      zh_CN: '按所选主题为问题和回答中的代码块着色。',
    },
    fields: [
      {
        name: 'select_theme',
        type: PluginFieldType.select,
        title: { en_US: 'Theme', zh_CN: '主题' },
        required: true,
        options: CODE_THEMES,
        defaultValue: 'default',
      },
    ],
  },
  {
    slug_name: PluginSlug.embed,
    name: { en_US: 'Link embeds', zh_CN: '链接嵌入' },
    version: '1.0.0',
    description: {
      en_US: 'Draws links to the chosen platforms as embedded players or cards.',
      zh_CN: '将指向所选平台的链接显示为内嵌播放器或卡片。',
    },
    fields: EMBED_PLATFORMS.map((platform) => ({
      name: platform,
      type: PluginFieldType.switch,
      title: { en_US: EMBED_PLATFORM_NAMES[platform], zh_CN: EMBED_PLATFORM_NAMES[platform] },
      defaultValue: true,
    })),
  },
];

export function builtInPlugin(slug: string): PluginDefinition | undefined {
  return BUILT_IN_PLUGINS.find((plugin) => plugin.slug_name === slug);
}

/** A plugin's settings as its form's fields' default values. */
export function defaultPluginConfig(plugin: PluginDefinition): Record<string, unknown> {
  return Object.fromEntries(plugin.fields.map((field) => [field.name, field.defaultValue]));
}

/** The stored state of one plugin: whether it is on, its settings, and the version that saved them. */
export const PluginStateSchema = Type.Object({
  enabled: Type.Boolean(),
  version: Type.String({ maxLength: 32 }),
  config: Type.Record(Type.String(), Type.Unknown()),
});
export type PluginState = Static<typeof PluginStateSchema>;

/** The site settings group of the plugins, by slug (the captcha's switch is the security group's). */
export const PluginsGroupSchema = Type.Record(Type.String({ maxLength: 100 }), PluginStateSchema);

// Wire shapes of the plugin routes.

export const ConfigFieldOptionSchema = Type.Object({ label: Type.String(), value: Type.String() });

/** A form button's request (no built-in plugin has one yet). */
export const UiOptionActionSchema = Type.Object({
  method: Type.String(),
  url: Type.String(),
  loading: Type.Optional(Type.Object({ state: Type.String(), text: Type.String() })),
  on_complete: Type.Optional(
    Type.Object({ refresh_form_config: Type.Boolean(), toast_return_message: Type.Boolean() }),
  ),
});

export const ConfigFieldUiOptionsSchema = Type.Object({
  action: Type.Optional(UiOptionActionSchema),
  field_class_name: Type.Optional(Type.String()),
  text: Type.Optional(Type.String()),
  variant: Type.Optional(Type.String()),
  placeholder: Type.Optional(Type.String()),
  rows: Type.Optional(Type.String()),
  input_type: Type.Optional(Type.String()),
  label: Type.Optional(Type.String()),
  class_name: Type.Optional(Type.String()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  max_length: Type.Optional(Type.Number()),
});

/** ConfigField: one field of a plugin's form with its current value. */
export const ConfigFieldSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  title: Type.String(),
  description: Type.String(),
  required: Type.Boolean(),
  value: Type.Unknown(),
  options: Type.Array(ConfigFieldOptionSchema),
  ui_options: ConfigFieldUiOptionsSchema,
});
export type ConfigField = Static<typeof ConfigFieldSchema>;

/** GetPluginListResp: a row of the admin's plugin list. */
export const PluginListItemSchema = Type.Object({
  name: Type.String(),
  slug_name: Type.String(),
  description: Type.String(),
  version: Type.String(),
  link: Type.String(),
  enabled: Type.Boolean(),
  have_config: Type.Boolean(),
  /** Agora's: active, inactive or outdated (the status filter's values). */
  status: Type.String(),
});
export type PluginListItem = Static<typeof PluginListItemSchema>;

export const PluginListQuerySchema = Type.Object({
  status: Type.Optional(
    Type.Union([
      Type.Literal(PluginStatus.active),
      Type.Literal(PluginStatus.inactive),
      Type.Literal(PluginStatus.outdated),
      Type.Literal(''),
    ]),
  ),
  have_config: Type.Optional(Type.Boolean()),
});

/** GetPluginConfigResp. */
export const PluginConfigRespSchema = Type.Object({
  name: Type.String(),
  slug_name: Type.String(),
  description: Type.String(),
  version: Type.String(),
  config_fields: Type.Array(ConfigFieldSchema),
});
export type PluginConfigResp = Static<typeof PluginConfigRespSchema>;

const PluginSlugName = Type.String({ minLength: 1, maxLength: 100 });

/** GetUserPluginConfigResp: a plugin's form of a member's own settings. */
export const UserPluginConfigRespSchema = Type.Object({
  name: Type.String(),
  slug_name: Type.String(),
  config_fields: Type.Array(ConfigFieldSchema),
});

export const PluginConfigQuerySchema = Type.Object({ plugin_slug_name: PluginSlugName });

export const UpdatePluginConfigReqSchema = Type.Object({
  plugin_slug_name: PluginSlugName,
  config_fields: Type.Record(Type.String(), Type.Unknown()),
});

export const UpdatePluginStatusReqSchema = Type.Object({ plugin_slug_name: PluginSlugName, enabled: Type.Boolean() });

/** GetAllPluginStatusResp: which plugins are on (every page asks). */
export const PluginStatusItemSchema = Type.Object({ slug_name: Type.String(), enabled: Type.Boolean() });

export const CaptchaConfigRespSchema = Type.Object({
  slug_name: Type.String(),
  config: Type.Record(Type.String(), Type.Unknown()),
});
export const EmbedConfigSchema = Type.Object({ enable: Type.Boolean(), platform: Type.String() });
export const RenderConfigSchema = Type.Object({ select_theme: Type.String() });
export type RenderConfig = Static<typeof RenderConfigSchema>;
export const SidebarConfigSchema = Type.Object({
  tags: Type.Array(TagSelectorOptionSchema),
  links_text: Type.String(),
});
export type SidebarConfig = Static<typeof SidebarConfigSchema>;
