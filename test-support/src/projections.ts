import { randomUUID } from 'node:crypto';
import { MailStatus, ProfileUpdated, Role, UserRegistered } from '@agora/contracts';
import {
  connectDatabase,
  type Migrations,
  migrateService,
  type Projection,
  type ServiceDatabase,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestDatabase } from './database';

let position = 0;

/**
 * An event as the bus delivers it to a projection: numbered in the order made, each a second after the one before
 * (from 2026-02-01), so times and positions are the same on every run.
 */
export function deliveredEvent(source: string, type: string, streamId: string, data: object, version = 1): StoredEvent {
  position += 1;
  return {
    id: randomUUID(),
    type,
    streamId,
    version,
    occurredAt: new Date(Date.parse('2026-02-01T00:00:00Z') + position * 1000).toISOString(),
    data,
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
    source,
    position: { transactionId: String(position), globalPosition: String(position) },
  };
}

/** A member's registration as identity's log holds it (an activated member). */
export const registeredEvent = (user: string, rank = 1) =>
  deliveredEvent('identity', UserRegistered.type, user, {
    user_id: user,
    username: user,
    display_name: `Member ${user}`,
    email: `${user}@example.com`,
    role_id: Role.user,
    mail_status: MailStatus.activated,
    language: 'en_US',
    rank,
  });

/** A profile update that sets every field from `name`. */
export const profileUpdatedEvent = (user: string, name: string) =>
  deliveredEvent('identity', ProfileUpdated.type, user, {
    user_id: user,
    username: name,
    display_name: `Renamed ${name}`,
    avatar: { type: 'custom', gravatar: '', custom: `/uploads/${name}.png` },
    bio: name,
    bio_html: `<p>${name}</p>`,
    website: `https://${name}.example`,
    location: name,
  });

/**
 * Schemas of one test database of the file's own, each migrated with a service's tables (and `prepare`d), for a
 * read model tested apart from any running service. Registers the database's making and dropping with the file's
 * hooks; returns the way to open a schema by name.
 */
export function serviceSchemas(
  prefix: string,
  migrations: Migrations,
  prepare?: (database: ServiceDatabase) => Promise<void>,
): (name: string) => Promise<ServiceDatabase> {
  let url = '';
  let drop: (() => Promise<void>) | undefined;
  const opened: ServiceDatabase[] = [];
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase(prefix));
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await drop?.();
  });
  return async (name) => {
    const database = connectDatabase({ url, schema: name });
    opened.push(database);
    await migrateService(database, migrations);
    await prepare?.(database);
    return database;
  };
}

/**
 * The same events applied by a projection one by one (its `apply`) in one fresh schema, and as one batch (its
 * `applyBatch`, which it must have) in another: a test compares what each leaves.
 */
export async function appliedBothWays(
  projection: Projection,
  events: StoredEvent[],
  schema: (name: string) => Promise<ServiceDatabase>,
  name: string,
): Promise<{ oneByOne: ServiceDatabase; inBatch: ServiceDatabase }> {
  const oneByOne = await schema(`${name}_one_by_one`);
  await oneByOne.db.transaction().execute(async (tx) => {
    for (const event of events) await projection.apply(event, tx);
  });
  const inBatch = await schema(`${name}_in_batch`);
  const { applyBatch } = projection;
  expect(applyBatch, `${projection.name} applies batches`).toBeDefined();
  await inBatch.db.transaction().execute((tx) => applyBatch?.(events, tx) ?? Promise.resolve());
  return { oneByOne, inBatch };
}

/** A read model's two ways of applying events: one at a time, and a batch (in log order) at once. */
export interface BothWays {
  oneByOne(tx: Tx, event: StoredEvent): Promise<void>;
  inBatch(tx: Tx, events: StoredEvent[]): Promise<void>;
}

/**
 * Batches of events applied by a read model that is not a Projection (an inline one, applied in its command's or
 * its import's transaction) one by one in one fresh schema, all in one transaction, and a batch at a time in
 * another, a transaction each, so that a batch finds what those before it wrote: a test compares what each leaves.
 */
export async function appliedBothWaysInBatches(
  ways: BothWays,
  batches: StoredEvent[][],
  schema: (name: string) => Promise<ServiceDatabase>,
  name: string,
): Promise<{ oneByOne: ServiceDatabase; inBatch: ServiceDatabase }> {
  const oneByOne = await schema(`${name}_one_by_one`);
  await oneByOne.db.transaction().execute(async (tx) => {
    for (const event of batches.flat()) await ways.oneByOne(tx, event);
  });
  const inBatch = await schema(`${name}_in_batch`);
  for (const batch of batches) await inBatch.db.transaction().execute((tx) => ways.inBatch(tx, batch));
  return { oneByOne, inBatch };
}

/**
 * Every table of a schema but those named, each as its rows in a stable order (by their text): what a read model
 * left, to compare whole.
 */
export async function everyTable(database: ServiceDatabase, except: string[] = []): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = ${database.schema} and table_type = 'BASE TABLE' order by 1`.execute(database.db);
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables.filter((t) => !except.includes(t.name))) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db);
    result[name] = rows
      .map((row) => ({ row, key: JSON.stringify(row) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ row }) => row);
  }
  return result;
}
