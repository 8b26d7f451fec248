import pg from 'pg';

/**
 * Connections that all read one instant of the database: the first opens a repeatable-read, read-only transaction
 * and exports its snapshot (`pg_export_snapshot`), the others import it, so every table of every schema is read as it
 * stood at that instant however long the reading takes and whatever is written meanwhile
 * (docs/adr/0101-backup-and-restore.md). Writers are never blocked: no lock is taken beyond what a read takes.
 */
export class SharedSnapshot {
  private constructor(
    readonly clients: pg.Client[],
    /** The server's clock at the snapshot. */
    readonly takenAt: Date,
  ) {}

  static async open(databaseUrl: string, connections: number): Promise<SharedSnapshot> {
    const clients: pg.Client[] = [];
    try {
      for (let i = 0; i < Math.max(1, connections); i++) {
        const client = new pg.Client({ connectionString: databaseUrl, application_name: 'agora backup' });
        clients.push(client);
        await client.connect();
      }
      const [first, ...others] = clients as [pg.Client, ...pg.Client[]];
      await first.query('begin isolation level repeatable read, read only');
      const { rows } = await first.query<{ id: string; at: Date }>(
        'select pg_export_snapshot() as id, statement_timestamp() as at',
      );
      const exported = rows[0] as { id: string; at: Date };
      for (const client of others) {
        await client.query('begin isolation level repeatable read, read only');
        await client.query(`set transaction snapshot ${first.escapeLiteral(exported.id)}`);
      }
      return new SharedSnapshot(clients, exported.at);
    } catch (error) {
      await Promise.allSettled(clients.map((client) => client.end()));
      throw error;
    }
  }

  /** Any connection: they all see the same. */
  get client(): pg.Client {
    return this.clients[0] as pg.Client;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.clients.map((client) => client.query('rollback').finally(() => client.end())));
  }
}
