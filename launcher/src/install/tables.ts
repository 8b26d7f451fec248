import { existingSchemas } from '@agora/platform';
import pg from 'pg';
import { ALL_SERVICES } from '../services';

/** Each service keeps its tables in a schema of its name (DESIGN §3). */
export const SERVICE_SCHEMAS = ALL_SERVICES.map((service) => service.name);

/** Whether the database holds an installation of Agora (any service's tables). */
export async function hasAgoraTables(databaseUrl: string): Promise<boolean> {
  return (await existingSchemas(databaseUrl, SERVICE_SCHEMAS)).length > 0;
}

/** Undoes a failed install: every service schema goes, so that the database is as empty as it was. */
export async function dropAgoraTables(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const schema of SERVICE_SCHEMAS) {
      await client.query(`drop schema if exists ${client.escapeIdentifier(schema)} cascade`);
    }
  } finally {
    await client.end();
  }
}
