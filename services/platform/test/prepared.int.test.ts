import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type ServiceDatabase } from '../src/db/database';
import { executePrepared } from '../src/db/prepared';

let drop: () => Promise<void>;
let database: ServiceDatabase;

beforeAll(async () => {
  const created = await createTestDatabase('prepared');
  drop = created.drop;
  // One connection: the statements prepared on it are the ones it lists.
  database = connectDatabase({ url: created.url, schema: 'prepared', maxConnections: 1 });
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

const preparedOnConnection = async () =>
  (
    await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(
      database.db,
    )
  ).rows;

describe('prepared statements', () => {
  it('runs a marked statement as a named prepared statement, prepared once per connection', async () => {
    const query = (n: number) => sql<{ doubled: number }>`select ${n}::int * 2 as doubled /* prepared test */`;
    expect((await executePrepared(database.db, query(2))).rows).toEqual([{ doubled: 4 }]);
    expect((await executePrepared(database.db, query(21))).rows).toEqual([{ doubled: 42 }]);
    const prepared = (await preparedOnConnection()).filter((p) => p.statement.includes('prepared test'));
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^agora_\d+$/);
  });

  it('leaves every other statement unprepared', async () => {
    const before = (await preparedOnConnection()).length;
    await sql`select ${1}::int as one /* not prepared */`.execute(database.db);
    await database.db.selectNoFrom(sql<number>`2`.as('two')).execute();
    expect(await preparedOnConnection()).toHaveLength(before);
  });

  it('keeps working when a table it reads is dropped and made again', async () => {
    await sql`create table notes (id int primary key, body text)`.execute(database.db);
    await sql`insert into notes values (1, 'first')`.execute(database.db);
    const read = () => executePrepared(database.db, sql<{ body: string }>`select body from notes where id = ${1}`);
    expect((await read()).rows).toEqual([{ body: 'first' }]);
    await sql`drop table notes`.execute(database.db);
    await sql`create table notes (id int primary key, extra int, body text)`.execute(database.db);
    await sql`insert into notes values (1, 0, 'again')`.execute(database.db);
    expect((await read()).rows).toEqual([{ body: 'again' }]);
  });
});
