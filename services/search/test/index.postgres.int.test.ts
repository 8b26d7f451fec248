import { PostgresSearchIndex } from '../src/search-index/postgres/postgres-index';
import { searchIndexContract } from './support/index-contract';
import { searchDatabase } from './support/search-database';

searchIndexContract({
  name: 'postgres',
  async create() {
    const { database, drop } = await searchDatabase();
    const index = new PostgresSearchIndex(database.db);
    await index.prepare();
    return {
      index,
      dispose: drop,
      limited: (exactCountLimit) => new PostgresSearchIndex(database.db, { exactCountLimit }),
    };
  },
});
