import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh database on the test server, dropped by the returned function. */
export async function createTestDatabase(prefix = 't'): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const fullSuite = process.env.AGORA_TEST_FULL === '1';

/** Kafka brokers for the Kafka column of the suites: required by `test:full`, optional otherwise. */
export function kafkaBrokers(): string[] | undefined {
  const brokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean);
  if (brokers?.length) return brokers;
  if (fullSuite) throw new Error('test:full needs KAFKA_BROKERS (run `npm run infra:up` first)');
  return undefined;
}

export function opensearchUrl(): string | undefined {
  if (process.env.OPENSEARCH_URL) return process.env.OPENSEARCH_URL;
  if (fullSuite) throw new Error('test:full needs OPENSEARCH_URL (run `npm run infra:up` first)');
  return undefined;
}
