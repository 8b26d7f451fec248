import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerUndeleted,
  type DataOf,
  isImported,
  QuestionAsked,
  QuestionDeleted,
  QuestionEdited,
  QuestionPurged,
  QuestionUndeleted,
} from '@agora/contracts';
import type { Projection, Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Ledger } from '../../commands/ledger';
import { type Acceptance, type AppliedEdit, acceptInputs, approvedEditInput } from '../../domain/ledger/inputs';
import type { LedgerInput } from '../../domain/ledger/ledger';
import { firstDelivery, LEDGER_BATCH } from './inbox';

async function remember(tx: Tx, objectId: string, ownerId: string, questionId: string) {
  await sql`insert into ledger_objects (object_id, owner_id, question_id) values (${objectId}, ${ownerId}, ${questionId})
            on conflict (object_id) do update set owner_id = excluded.owner_id, question_id = excluded.question_id`.execute(
    tx,
  );
}

async function owners(tx: Tx, ids: (string | null)[]): Promise<Map<string, string>> {
  const { rows } = await sql<{ object_id: string; owner_id: string }>`
    select object_id, owner_id from ledger_objects where object_id = any(${ids.filter(Boolean)})`.execute(tx);
  return new Map(rows.map((r) => [r.object_id, r.owner_id]));
}

/** An imported deletion or undeletion: the post's state, kept for what comes later, with no reputation change. */
async function markDeleted(tx: Tx, inputs: LedgerInput[]) {
  for (const input of inputs) {
    if (input.kind !== 'suspend' && input.kind !== 'restore') continue;
    await sql`insert into ledger_objects (object_id, owner_id, question_id, deleted)
              values (${input.objectId}, '', '', ${input.kind === 'suspend'})
              on conflict (object_id) do update set deleted = excluded.deleted`.execute(tx);
  }
}

/**
 * What posts do to reputation: accepting and unaccepting answers, approved edits; and
 * deleting a post takes back what it earned while undeleting gives it back (docs/behaviour-decisions.md).
 * Imported acts change no reputation: the source's history and totals come in as records
 * (docs/adr/0094-importing-a-community.md); owners and deletions are still kept.
 */
export function ledgerFromPosts(ledger: Ledger): Projection {
  return {
    name: 'ledger-from-posts',
    source: 'posts',
    batchSize: LEDGER_BATCH,
    events: [
      QuestionAsked,
      AnswerPosted,
      QuestionDeleted,
      QuestionUndeleted,
      AnswerDeleted,
      AnswerUndeleted,
      AnswerAccepted,
      QuestionEdited,
      AnswerEdited,
      QuestionPurged,
      AnswerPurged,
    ],
    async apply(event, tx) {
      const at = event.occurredAt;
      let inputs: LedgerInput[] = [];
      switch (event.type) {
        case QuestionAsked.type: {
          const asked = event.data as DataOf<typeof QuestionAsked>;
          return remember(tx, asked.question_id, asked.user_id, asked.question_id);
        }
        case AnswerPosted.type: {
          const posted = event.data as DataOf<typeof AnswerPosted>;
          return remember(tx, posted.answer_id, posted.user_id, posted.question_id);
        }
        // A purged post's owner is forgotten; what it earned was taken back when it was deleted
        // (docs/adr/0078-purging-in-an-event-sourced-system.md).
        case QuestionPurged.type:
        case AnswerPurged.type: {
          const d = event.data as DataOf<typeof QuestionPurged> | DataOf<typeof AnswerPurged>;
          const ids = 'answer_ids' in d ? [d.question_id, ...d.answer_ids] : [d.answer_id];
          await sql`delete from ledger_objects where object_id = any(${ids}::text[])`.execute(tx);
          return;
        }
        case QuestionDeleted.type:
          inputs = [{ kind: 'suspend', objectId: (event.data as DataOf<typeof QuestionDeleted>).question_id, at }];
          break;
        case AnswerDeleted.type:
          inputs = [{ kind: 'suspend', objectId: (event.data as DataOf<typeof AnswerDeleted>).answer_id, at }];
          break;
        case QuestionUndeleted.type:
          inputs = [{ kind: 'restore', objectId: (event.data as DataOf<typeof QuestionUndeleted>).question_id, at }];
          break;
        case AnswerUndeleted.type:
          inputs = [{ kind: 'restore', objectId: (event.data as DataOf<typeof AnswerUndeleted>).answer_id, at }];
          break;
        case QuestionEdited.type:
        case AnswerEdited.type:
          inputs = approvedEditInput(event.data as AppliedEdit, at);
          break;
        case AnswerAccepted.type: {
          const accept = event.data as Acceptance;
          const known = await owners(tx, [accept.question_id, accept.answer_id]);
          inputs = acceptInputs(
            accept,
            {
              question: known.get(accept.question_id),
              answer: accept.answer_id ? known.get(accept.answer_id) : undefined,
            },
            at,
          );
          break;
        }
      }
      if (isImported(event)) return markDeleted(tx, inputs);
      if (inputs.length === 0 || !(await firstDelivery(tx, event))) return;
      await ledger.run(inputs, { tx, causationId: event.id, actorId: event.metadata.actorId });
    },
    // Replaying from zero decides nothing twice: the inbox has seen every event (see inbox.ts).
    async reset() {},
  };
}
