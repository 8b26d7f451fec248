import type { ImportedFollow, ImportedTag } from '@agora/contracts/import/records';
import type { ImportSink, ServiceContext } from '@agora/platform';
import { lockTagRows } from '../projections/tags/row-locks';
import { importTagFollows } from './follow-import';
import { tagsHoldContent } from './holds-content';
import { importTags } from './tag-import';

/**
 * What tags takes in from an import (docs/adr/0094-importing-a-community.md): tags with their wikis, synonyms and
 * deletions, and follows of tags, as its own events with their original times, applied to its read model in the
 * batch's transaction.
 */
export function tagsImporter(context: ServiceContext): ImportSink {
  return {
    kinds: ['tag', 'follow'],
    async write(tx, records, run) {
      // Many tags' rows at once, as setting synonyms does (see lockTagRows).
      await lockTagRows(tx);
      const tags = records.filter((r): r is ImportedTag => r.kind === 'tag');
      const follows = records.filter((r): r is ImportedFollow => r.kind === 'follow');
      if (tags.length > 0) return importTags(context.store, tx, tags, run);
      return importTagFollows(context.store, tx, follows, run);
    },
    holdsContent: () => tagsHoldContent(context.database.db),
  };
}
