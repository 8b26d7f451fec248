import { SITE_SETTINGS_STREAM } from '@agora/contracts';
import { applySiteSettingsEvent, executeCommand, type ServiceContext, SITE_SETTINGS_TOPIC } from '@agora/platform';
import { type SiteSettingsCommand, siteSettingsDecider } from '../domain/site-settings/decider';

export async function updateSettingsGroup(
  context: ServiceContext,
  command: Omit<SiteSettingsCommand, 'type'>,
  actorId: string | null,
) {
  const result = await executeCommand({
    db: context.database.db,
    store: context.store,
    streamId: SITE_SETTINGS_STREAM,
    decider: siteSettingsDecider,
    command: { type: 'update_settings_group', ...command } as SiteSettingsCommand,
    metadata: { actorId },
    project: async (tx, events) => {
      for (const event of events) await applySiteSettingsEvent(tx, event);
    },
  });
  context.changes.changed([SITE_SETTINGS_TOPIC]);
  return result;
}
