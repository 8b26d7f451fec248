import { isDeepStrictEqual } from 'node:util';
import { SITE_SETTINGS_STREAM, SiteSettingsChanged } from '@agora/contracts';
import type { ImportedSettings, ImportTally } from '@agora/contracts/import/records';
import {
  applySiteSettingsEvent,
  type ImportRun,
  loadSiteSettings,
  note,
  type ServiceContext,
  skip,
  type Tx,
} from '@agora/platform';
import { isSettingsGroup, mergeImportedSettings } from './settings-values';

/**
 * One imported settings group (docs/adr/0094-importing-a-community.md): merged over the group's current value as an
 * admin's save is (`settings-values.ts`), and saved as the admin pages save it, a `site.settings_changed` carrying the
 * group's whole value, at the import's time (the source keeps none), applied to the settings read model. A group that
 * comes out as it is records nothing, so writing it again changes nothing.
 */
export async function importSettings(
  context: ServiceContext,
  tx: Tx,
  record: ImportedSettings,
  run: ImportRun,
  tally: ImportTally,
): Promise<void> {
  const group = record.group;
  if (!isSettingsGroup(group)) return skip(tally, `unknown settings group ${group}`);
  const current = (await loadSiteSettings(tx, context.config.siteUrl))[group];
  const { values, dropped, refused } = mergeImportedSettings(group, current, record.values);
  if (refused) return skip(tally, refused);
  for (const what of dropped) note(tally, `settings left out: ${what}`);
  tally.imported += 1;
  if (run.dryRun || isDeepStrictEqual(current, values)) return;
  const version = (await context.store.currentVersion(SITE_SETTINGS_STREAM, tx)) + 1;
  const written = await context.store.appendImported(
    tx,
    [
      {
        streamId: SITE_SETTINGS_STREAM,
        version,
        type: SiteSettingsChanged.type,
        data: { group, values },
        occurredAt: new Date().toISOString(),
        actorId: null,
      },
    ],
    run.id,
  );
  // Taken meanwhile by an admin's save: the batch fails, and is written again over what the admin saved.
  if (written.length === 0) throw new Error(`the site settings changed while ${group} was being imported`);
  for (const event of written) await applySiteSettingsEvent(tx, event);
}
