import { ObjectType } from '@agora/contracts';
import type { ServiceContext } from '@agora/platform';
import type { ExportSource } from '@agora/platform/export/export-source';
import { importedIdRange, sequenceOf } from '@agora/platform/export/keyset-pages';
import { tableEstimate } from '@agora/platform/export/table-estimate';
import { sql } from 'kysely';
import { memberRecords } from './member-records';

/** Identity's members as the records an import takes (docs/adr/0094-importing-a-community.md). */
export function identityExporter(context: ServiceContext): ExportSource {
  const db = context.database.db;
  return {
    kinds: ['member'],
    estimate: () => tableEstimate(db, 'users'),
    records: (_kind, options) => memberRecords(db, options.withSecrets),
    async highestNumbers() {
      const { low, high } = importedIdRange(ObjectType.user);
      const { rows } = await sql<{ id: string | null }>`
        select max(user_id) as id from users where user_id > ${low} and user_id < ${high}`.execute(db);
      return { user: sequenceOf(rows[0]?.id) };
    },
  };
}
