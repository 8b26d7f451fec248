import { type PluginDefinition, PluginSlug, type SiteSettings } from '@agora/contracts';
import { errors, loadSiteSettings, type ServiceContext } from '@agora/platform';
import { updateSettingsGroup } from '../commands/update-settings';
import { configOf, isEnabled } from './catalog';
import { checkPluginConfig, linkLineProblems } from './config-checks';

async function current(context: ServiceContext): Promise<SiteSettings> {
  return loadSiteSettings(context.database.db, context.config.siteUrl);
}

/** Saves one plugin's state in the `plugins` group, stamped with the plugin's running version. */
async function savePluginState(
  context: ServiceContext,
  settings: SiteSettings,
  plugin: PluginDefinition,
  state: { enabled: boolean; config: Record<string, unknown> },
  actorId: string,
) {
  const values = { ...settings.plugins, [plugin.slug_name]: { ...state, version: plugin.version } };
  await updateSettingsGroup(context, { group: 'plugins', values }, actorId);
}

/** Switches a built-in plugin on or off; the captcha's switch is the security group's `captcha_enabled`. */
export async function setPluginEnabled(
  context: ServiceContext,
  plugin: PluginDefinition,
  enabled: boolean,
  actorId: string,
): Promise<void> {
  const settings = await current(context);
  if (plugin.slug_name === PluginSlug.captcha) {
    await updateSettingsGroup(
      context,
      { group: 'security', values: { ...settings.security, captcha_enabled: enabled } },
      actorId,
    );
    return;
  }
  await savePluginState(context, settings, plugin, { enabled, config: configOf(plugin, settings) }, actorId);
}

/** Saves a plugin's settings checked by its form: any bad field answers 400 per field and changes nothing. */
export async function savePluginConfig(
  context: ServiceContext,
  plugin: PluginDefinition,
  sent: Record<string, unknown>,
  actorId: string,
): Promise<void> {
  const settings = await current(context);
  const { config, problems } = checkPluginConfig(plugin, configOf(plugin, settings), sent);
  if (plugin.slug_name === PluginSlug.sidebar && typeof config.links_text === 'string')
    problems.push(...linkLineProblems(config.links_text));
  if (problems.length > 0) throw errors.fields(...problems);
  await savePluginState(context, settings, plugin, { enabled: isEnabled(plugin, settings), config }, actorId);
}
