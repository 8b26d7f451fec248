import { connectDatabase, migrateService, type ServiceDatabase } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { searchMigrations } from '../../src/migrations';

/** A fresh test database with the search schema migrated, and how to drop it. */
export async function searchDatabase(): Promise<{ database: ServiceDatabase; url: string; drop(): Promise<void> }> {
  const { url, drop } = await createTestDatabase('search');
  const database = connectDatabase({ url, schema: 'search', maxConnections: 5 });
  await migrateService(database, searchMigrations);
  return {
    database,
    url,
    async drop() {
      await database.close();
      await drop();
    },
  };
}
