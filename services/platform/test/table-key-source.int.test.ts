import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableKeySource } from '../src/auth/actor-projection';
import { connectDatabase, type ServiceDatabase } from '../src/db/database';
import { migrateService } from '../src/db/migrate';

/**
 * A token may arrive signed by a key identity made a moment ago, before this service has projected the key's event:
 * the source then waits for the actors projection to catch up before it calls the key unknown.
 */
describe('the signing keys a service has projected', () => {
  let drop: () => Promise<void>;
  let database: ServiceDatabase;

  const project = (kid: string) =>
    sql`insert into signing_keys (kid, algorithm, public_key) values (${kid}, 'EdDSA', ${`public-${kid}`})`.execute(
      database.db,
    );

  beforeAll(async () => {
    const created = await createTestDatabase('table_key_source');
    drop = created.drop;
    database = connectDatabase({ url: created.url, schema: 'svc' });
    await migrateService(database, {});
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('finds a key the projection applies only during the catch-up the lookup asked for', async () => {
    let catchUps = 0;
    const keys = new TableKeySource(database.db, async () => {
      catchUps++;
      await project('k-late');
    });
    expect(await keys.publicKey('k-late')).toBe('public-k-late');
    expect(catchUps).toBe(1);
    // Remembered: a second token signed by it neither reads nor waits.
    expect(await keys.publicKey('k-late')).toBe('public-k-late');
    expect(catchUps).toBe(1);
  });

  it('asks for no catch-up for a key already projected', async () => {
    await project('k-known');
    let catchUps = 0;
    const keys = new TableKeySource(database.db, async () => {
      catchUps++;
    });
    expect(await keys.publicKey('k-known')).toBe('public-k-known');
    expect(catchUps).toBe(0);
  });

  it('calls a key unknown when the caught-up projection still lacks it, and does not remember the refusal', async () => {
    let catchUps = 0;
    const keys = new TableKeySource(database.db, async () => {
      catchUps++;
    });
    expect(await keys.publicKey('k-forged')).toBeUndefined();
    await project('k-forged');
    expect(await keys.publicKey('k-forged')).toBe('public-k-forged');
    expect(catchUps).toBe(1);
  });
});
