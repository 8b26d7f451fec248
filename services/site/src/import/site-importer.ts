import type { ImportRecord, ImportTally } from '@agora/contracts/import/records';
import { type ImportRun, type ImportSink, noneYet, type ServiceContext, skip, type Tx } from '@agora/platform';
import type { FileStorage } from '../uploads/storage';
import { importFile } from './file-import';
import { importSettings } from './settings-import';
import { importTagSettings } from './tag-settings-import';

/**
 * Site's part of an import (docs/adr/0094-importing-a-community.md): settings groups, uploaded files, and the
 * reserved and recommended marks of tags (`tag-settings-import.ts`). Settings are
 * not content: a site whose admin changed them is still a new site, so site never holds content an import would
 * refuse to add to.
 */
export function siteImporter(context: ServiceContext, storage: FileStorage): ImportSink {
  return {
    kinds: ['settings', 'file', 'tag'],
    holdsContent: async () => false,
    async write(tx: Tx, records: ImportRecord[], run: ImportRun): Promise<ImportTally> {
      const tally = noneYet();
      const tags = records.filter((record) => record.kind === 'tag');
      if (tags.length > 0) await importTagSettings(context, tx, tags, run, tally);
      for (const record of records) {
        if (record.kind === 'settings') await importSettings(context, tx, record, run, tally);
        else if (record.kind === 'file') await importFile(storage, tx, record, run, tally);
        else if (record.kind !== 'tag') skip(tally, `not a site record (${record.kind})`);
      }
      return tally;
    },
  };
}
