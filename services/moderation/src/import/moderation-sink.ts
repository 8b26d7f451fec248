import type { ImportRecord, ImportTally } from '@agora/contracts/import/records';
import {
  type Db,
  forgetImportedPosts,
  type ImportRun,
  type ImportSink,
  noneYet,
  rememberImportedPosts,
  type ServiceContext,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { applyModerationEvent } from '../projections/moderation/read-model';
import { flagEvents } from './flag-events';
import { postsNamed } from './imported-posts';

async function holdsFlags(db: Db): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`select exists (select 1 from flags) as held`.execute(db);
  return rows[0]?.held ?? false;
}

/**
 * Moderation's part of an import (docs/adr/0094-importing-a-community.md): flags waiting for a moderator become
 * moderation's own events with their original times, applied to its read model as live ones are; questions, answers
 * and comments are remembered for the flags that name them. Suggested edits come from posts' events
 * (`*_revision_submitted`), as live ones do.
 */
export function moderationImporter(context: ServiceContext): ImportSink {
  const { store } = context;
  return {
    kinds: ['question', 'answer', 'comment', 'flag'],
    holdsContent: () => holdsFlags(context.database.db),
    async write(tx: Tx, records: ImportRecord[], run: ImportRun): Promise<ImportTally> {
      const tally = noneYet();
      tally.imported += await rememberImportedPosts(tx, records);
      const flags = records.filter((r) => r.kind === 'flag');
      if (flags.length === 0) return tally;
      const posts = await postsNamed(
        tx,
        flags.map((f) => f.object_id),
      );
      const written = await store.appendImported(tx, flagEvents(flags, posts, tally), run.id);
      for (const event of written) await applyModerationEvent(tx, event);
      if (written.length > 0) context.changes.changed();
      return tally;
    },
    finish: (tx: Tx) => forgetImportedPosts(tx),
  };
}
