import { type ConnectorSettings, type ConnectorSettingsResp, MASKED_SECRET } from '@agora/contracts';
import { errors, type ServiceContext } from '@agora/platform';
import { sql } from 'kysely';

export interface ConnectorRow extends Omit<ConnectorSettings, 'client_secret'> {
  updated_at: Date;
}

/** The admin's connectors: settings as events (stream `connector-<name>`), the secret in its own table. */
export class ConnectorSettingsStore {
  constructor(private readonly context: ServiceContext) {}

  private get db() {
    return this.context.database.db;
  }

  /** The fixed redirect URI of a connector, to register at the provider. */
  redirectUri(name: string): string {
    return `${this.context.config.siteUrl.replace(/\/$/, '')}/answer/api/v1/connector/redirect/${encodeURIComponent(name)}`;
  }

  async list(): Promise<ConnectorRow[]> {
    const { rows } = await sql<ConnectorRow>`select * from connectors order by name`.execute(this.db);
    return rows;
  }

  /** Whether any external login is on (password login may be turned off only then). */
  async anyEnabled(): Promise<boolean> {
    const { rows } = await sql`select 1 from connectors where enabled limit 1`.execute(this.db);
    return rows.length > 0;
  }

  async find(name: string): Promise<ConnectorRow | undefined> {
    const { rows } = await sql<ConnectorRow>`select * from connectors where name = ${name}`.execute(this.db);
    return rows[0];
  }

  /** An enabled connector, or 404. */
  async enabled(name: string): Promise<ConnectorRow> {
    const found = await this.find(name);
    if (!found?.enabled) throw errors.notFound();
    return found;
  }

  async secret(name: string): Promise<string> {
    const { rows } = await sql<{ client_secret: string }>`
      select client_secret from connector_secrets where name = ${name}`.execute(this.db);
    return rows[0]?.client_secret ?? '';
  }

  async forAdmin(row: ConnectorRow): Promise<ConnectorSettingsResp> {
    const { updated_at: _, ...settings } = row;
    const secret = await this.secret(row.name);
    return {
      ...settings,
      client_secret: secret ? MASKED_SECRET : '',
      client_secret_set: secret !== '',
      redirect_uri: this.redirectUri(row.name),
    };
  }

  /** Saves a connector's settings; the mask (or an empty secret on an existing connector) keeps the stored secret. */
  async save(input: ConnectorSettings, actorId: string | null): Promise<void> {
    const { client_secret, ...settings } = input;
    const keepSecret = client_secret === MASKED_SECRET || client_secret === '';
    await this.db.transaction().execute(async (tx) => {
      const { events } = await this.context.store.append(
        `connector-${settings.name}`,
        'any',
        [{ type: 'identity.connector_configured', data: settings }],
        { actorId },
        tx,
      );
      const at = events[0]?.occurredAt ?? new Date().toISOString();
      await sql`
        insert into connectors (name, kind, enabled, issuer, authorization_url, token_url, api_url, client_id, scopes,
                                button_label, icon, updated_at)
        values (${settings.name}, ${settings.kind}, ${settings.enabled}, ${settings.issuer}, ${settings.authorization_url},
                ${settings.token_url}, ${settings.api_url}, ${settings.client_id}, ${settings.scopes},
                ${settings.button_label}, ${settings.icon}, ${at})
        on conflict (name) do update set kind = excluded.kind, enabled = excluded.enabled, issuer = excluded.issuer,
          authorization_url = excluded.authorization_url, token_url = excluded.token_url, api_url = excluded.api_url,
          client_id = excluded.client_id, scopes = excluded.scopes, button_label = excluded.button_label,
          icon = excluded.icon, updated_at = excluded.updated_at`.execute(tx);
      if (!keepSecret)
        await sql`insert into connector_secrets (name, client_secret) values (${settings.name}, ${client_secret})
                  on conflict (name) do update set client_secret = excluded.client_secret, updated_at = now()`.execute(
          tx,
        );
    });
  }
}
