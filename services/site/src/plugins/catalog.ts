import {
  BUILT_IN_PLUGINS,
  CONNECTOR_PLUGIN_PREFIX,
  CONNECTOR_PLUGIN_VERSION,
  type ConfigField,
  defaultPluginConfig,
  type Language,
  type PluginConfigResp,
  type PluginDefinition,
  type PluginFieldDefinition,
  type PluginListItem,
  PluginSlug,
  PluginStatus,
  type PluginStatusName,
  pluginLink,
  type SiteSettings,
} from '@agora/contracts';

/** One external login as the plugin list shows it (site's copy of identity's connectors). */
export interface ConnectorPlugin {
  name: string;
  kind: string;
  button_label: string;
  enabled: boolean;
}

/** Whether a built-in plugin is on: the captcha's switch is the security group's `captcha_enabled`. */
export function isEnabled(plugin: PluginDefinition, settings: SiteSettings): boolean {
  if (plugin.slug_name === PluginSlug.captcha) return settings.security.captcha_enabled === true;
  return settings.plugins[plugin.slug_name]?.enabled === true;
}

/** A plugin's settings: the stored ones over its defaults (a field added by a newer version gets its default). */
export function configOf(plugin: PluginDefinition, settings: SiteSettings): Record<string, unknown> {
  return { ...defaultPluginConfig(plugin), ...(settings.plugins[plugin.slug_name]?.config ?? {}) };
}

/** Outdated: on, with settings saved by another version of the plugin than the one running (to be saved again). */
export function statusOf(plugin: PluginDefinition, settings: SiteSettings): PluginStatusName {
  if (!isEnabled(plugin, settings)) return PluginStatus.inactive;
  const saved = settings.plugins[plugin.slug_name];
  return saved && saved.version !== plugin.version ? PluginStatus.outdated : PluginStatus.active;
}

export function builtInListItem(plugin: PluginDefinition, settings: SiteSettings, language: Language): PluginListItem {
  const status = statusOf(plugin, settings);
  return {
    name: plugin.name[language],
    slug_name: plugin.slug_name,
    description: plugin.description[language],
    version: plugin.version,
    link: pluginLink(plugin.slug_name),
    enabled: status !== PluginStatus.inactive,
    have_config: plugin.fields.length > 0,
    status,
  };
}

const CONNECTOR_DESCRIPTION: Record<Language, (label: string) => string> = {
  en_US: (label) => `External login: "${label}" on the login page.`,
  zh_CN: (label) => `第三方登录：登录页上的“${label}”。`,
};

/** A connector's settings are edited on the external logins page (identity's). */
export function connectorListItem(connector: ConnectorPlugin, language: Language): PluginListItem {
  return {
    name: connector.button_label,
    slug_name: `${CONNECTOR_PLUGIN_PREFIX}${connector.name}`,
    description: CONNECTOR_DESCRIPTION[language](connector.button_label),
    version: CONNECTOR_PLUGIN_VERSION,
    link: '/admin/connectors',
    enabled: connector.enabled,
    have_config: true,
    status: connector.enabled ? PluginStatus.active : PluginStatus.inactive,
  };
}

export function pluginList(
  settings: SiteSettings,
  connectors: readonly ConnectorPlugin[],
  language: Language,
): PluginListItem[] {
  return [
    ...BUILT_IN_PLUGINS.map((plugin) => builtInListItem(plugin, settings, language)),
    ...connectors.map((connector) => connectorListItem(connector, language)),
  ];
}

function configField(field: PluginFieldDefinition, value: unknown, language: Language): ConfigField {
  return {
    name: field.name,
    type: field.type,
    title: field.title[language],
    description: field.description?.[language] ?? '',
    required: field.required === true,
    value,
    options: (field.options ?? []).map((option) => ({ label: option, value: option })),
    ui_options: {
      ...(field.inputType ? { input_type: field.inputType } : {}),
      ...(field.rows ? { rows: String(field.rows) } : {}),
      ...(field.min !== undefined ? { min: field.min } : {}),
      ...(field.max !== undefined ? { max: field.max } : {}),
      ...(field.maxLength !== undefined ? { max_length: field.maxLength } : {}),
    },
  };
}

/** GetPluginConfigResp: the plugin's form, each field with its current value. */
export function pluginConfigResp(
  plugin: PluginDefinition,
  settings: SiteSettings,
  language: Language,
): PluginConfigResp {
  const config = configOf(plugin, settings);
  return {
    name: plugin.name[language],
    slug_name: plugin.slug_name,
    description: plugin.description[language],
    version: plugin.version,
    config_fields: plugin.fields.map((field) => configField(field, config[field.name], language)),
  };
}
