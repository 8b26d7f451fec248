import { SITE_SETTINGS_STREAM } from '@agora/contracts';
import { executeCommand, type ServiceContext } from '@agora/platform';
import { type SiteSettingsCommand, siteSettingsDecider } from '../domain/site-settings/decider';
import { applySettingsEvent } from '../projections/site-settings/read-model';

export async function updateSettingsGroup(
  context: ServiceContext,
  command: Omit<SiteSettingsCommand, 'type'>,
  actorId: string | null,
) {
  return executeCommand({
    db: context.database.db,
    store: context.store,
    streamId: SITE_SETTINGS_STREAM,
    decider: siteSettingsDecider,
    command: { type: 'update_settings_group', ...command } as SiteSettingsCommand,
    metadata: { actorId },
    project: async (tx, events) => {
      for (const event of events) await applySettingsEvent(tx, event);
    },
  });
}
