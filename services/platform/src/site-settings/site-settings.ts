import { defaultSiteSettings, type SettingsGroup, type SiteSettings, SiteSettingsChanged } from '@agora/contracts';
import { sql } from 'kysely';
import { type ChangeFeed, ReadModelCache } from '../db/change-feed';
import type { Db, Tx } from '../db/database';
import type { StoredEvent } from '../eventstore/types';
import type { Projection } from '../projections/projection';

/** `site_settings` is a change-feed topic of its own: settings are read on nearly every request. */
export const SITE_SETTINGS_TOPIC = 'site_settings';

/** Applies a settings change to `site_settings`; an older event never overwrites a newer one. */
export async function applySiteSettingsEvent(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== SiteSettingsChanged.type) return;
  const { group, values } = event.data as { group: SettingsGroup; values: unknown };
  await sql`
    insert into site_settings (group_name, values, stream_version)
    values (${group}, ${JSON.stringify(values)}::jsonb, ${event.version})
    on conflict (group_name) do update
      set values = excluded.values, stream_version = excluded.stream_version
      where site_settings.stream_version < excluded.stream_version`.execute(tx);
}

/** The current settings: stored groups over the defaults (`defaultSiteSettings`). */
export async function loadSiteSettings(db: Db | Tx, siteUrl: string): Promise<SiteSettings> {
  const { rows } = await sql<{ group_name: SettingsGroup; values: unknown }>`
    select group_name, values from site_settings`.execute(db);
  const settings = defaultSiteSettings(siteUrl) as Record<SettingsGroup, unknown>;
  for (const row of rows) settings[row.group_name] = row.values;
  return settings as SiteSettings;
}

/** Other services' copy of the site settings, from the site service's events. */
export const siteSettingsProjection: Projection = {
  name: 'site-settings',
  source: 'site',
  events: [SiteSettingsChanged],
  topics: [SITE_SETTINGS_TOPIC],
  apply: (event, tx) => applySiteSettingsEvent(tx, event),
  async reset(tx) {
    await sql`truncate site_settings`.execute(tx);
  },
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A service instance's reader of the current settings (`ServiceContext.siteSettings`): read once per
 * change of the settings instead of once per request. The object is shared by every caller, so it is frozen.
 */
export function siteSettingsReader(
  db: Db,
  changes: Pick<ChangeFeed, 'topic'>,
  siteUrl: string,
): () => Promise<SiteSettings> {
  const cache = new ReadModelCache<SiteSettings>(changes.topic(SITE_SETTINGS_TOPIC), 1);
  return () => cache.get('settings', async () => deepFreeze(await loadSiteSettings(db, siteUrl)));
}
