import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import type { ConnectorPlugin } from '../plugins/catalog';

/** The external logins the plugin list shows, by name. */
export async function listPluginConnectors(db: Db): Promise<ConnectorPlugin[]> {
  const { rows } = await sql<ConnectorPlugin>`
    select name, kind, button_label, enabled from plugin_connectors order by name`.execute(db);
  return rows;
}
