import { defaultSiteSettings, type SettingsGroup, type SiteSettings, SiteSettingsChanged } from '@agora/contracts';
import type { Db, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

/** Applies a settings change to the `site_settings` table; an older event never overwrites a newer one. */
export async function applySettingsEvent(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== SiteSettingsChanged.type) return;
  const { group, values } = event.data as { group: SettingsGroup; values: unknown };
  await sql`
    insert into site_settings (group_name, values, stream_version, updated_at)
    values (${group}, ${JSON.stringify(values)}::jsonb, ${event.version}, now())
    on conflict (group_name) do update
      set values = excluded.values, stream_version = excluded.stream_version, updated_at = now()
      where site_settings.stream_version < excluded.stream_version`.execute(tx);
}

/** The current settings: stored groups over the defaults of behaviour §12. */
export async function loadSettings(db: Db | Tx, siteUrl: string): Promise<SiteSettings> {
  const { rows } = await sql<{ group_name: SettingsGroup; values: unknown }>`
    select group_name, values from site_settings`.execute(db);
  const settings = defaultSiteSettings(siteUrl) as Record<SettingsGroup, unknown>;
  for (const row of rows) settings[row.group_name] = row.values;
  return settings as SiteSettings;
}

export async function resetSettingsReadModel(tx: Tx): Promise<void> {
  await sql`truncate site_settings`.execute(tx);
}
