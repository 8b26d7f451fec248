import { ConnectorConfigured } from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

/** Identity's external logins as the plugin list shows them; a newer save of a connector replaces an older one. */
export const pluginConnectors: Projection = {
  name: 'plugin-connectors',
  source: 'identity',
  events: [ConnectorConfigured],
  async apply(event: StoredEvent, tx: Tx) {
    if (event.type !== ConnectorConfigured.type) return;
    const { name, kind, button_label, enabled } = event.data as {
      name: string;
      kind: string;
      button_label: string;
      enabled: boolean;
    };
    await sql`
      insert into plugin_connectors (name, kind, button_label, enabled, stream_version)
      values (${name}, ${kind}, ${button_label}, ${enabled}, ${event.version})
      on conflict (name) do update
        set kind = excluded.kind, button_label = excluded.button_label, enabled = excluded.enabled,
            stream_version = excluded.stream_version
        where plugin_connectors.stream_version < excluded.stream_version`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate plugin_connectors`.execute(tx);
  },
};
