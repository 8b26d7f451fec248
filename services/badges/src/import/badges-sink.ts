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
import { applyOwnEvent } from '../projections/awards/read-model';
import { awardEvents } from './award-events';
import { AWARDED_ON, postsNamed } from './imported-posts';

async function holdsAwards(db: Db): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`select exists (select 1 from badge_awards) as held`.execute(db);
  return rows[0]?.held ?? false;
}

/**
 * Badges' part of an import (docs/adr/0094-importing-a-community.md): the source's awards of badges Agora's catalogue
 * has become badges' own award events with their original times, applied to the awards read model as live awards
 * are; questions and answers are remembered for the awards that name them.
 */
export function badgesImporter(context: ServiceContext): ImportSink {
  const { store } = context;
  return {
    kinds: ['question', 'answer', 'badge_award'],
    holdsContent: () => holdsAwards(context.database.db),
    async write(tx: Tx, records: ImportRecord[], run: ImportRun): Promise<ImportTally> {
      const tally = noneYet();
      tally.imported += await rememberImportedPosts(tx, records, AWARDED_ON);
      const awards = records.filter((r) => r.kind === 'badge_award');
      if (awards.length === 0) return tally;
      const posts = await postsNamed(
        tx,
        awards.map((a) => a.award_key),
      );
      const written = await store.appendImported(tx, awardEvents(awards, posts, tally), run.id);
      for (const event of written) await applyOwnEvent(tx, event);
      return tally;
    },
    finish: (tx: Tx) => forgetImportedPosts(tx),
  };
}
