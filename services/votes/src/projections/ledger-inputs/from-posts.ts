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
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
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
 * Whether an event changes no reputation, so that all `apply` writes for it is its post's `ledger_objects` row:
 * creations and purges (the same live or imported), imported acts (docs/adr/0094-importing-a-community.md) and edits
 * no reviewer approved. Any other goes to the ledger, under its lock, one by one.
 */
function changesNoReputation(event: StoredEvent): boolean {
  switch (event.type) {
    case QuestionAsked.type:
    case AnswerPosted.type:
    case QuestionPurged.type:
    case AnswerPurged.type:
      return true;
    case QuestionEdited.type:
    case AnswerEdited.type:
      return isImported(event) || approvedEditInput(event.data as AppliedEdit, event.occurredAt).length === 0;
    default:
      return isImported(event);
  }
}

/** What a stretch does to an object's row: purged (at its last purge), and what it set since (unset: kept). */
interface ObjectChange {
  o: string;
  purged: boolean;
  owner?: string;
  question?: string;
  deleted?: boolean;
}

/**
 * A stretch of events that change no reputation in at most two statements: the rows it purged deleted, then each
 * row it wrote since given the owner and question of its last creation and the state of its last imported deletion
 * or undeletion, each kept as it was when the stretch set none (as `remember` and `markDeleted` do in turn).
 */
async function writeObjects(stretch: StoredEvent[], tx: Tx): Promise<void> {
  const changes = new Map<string, ObjectChange>();
  const change = (id: string) => {
    const known = changes.get(id);
    if (known) return known;
    const created: ObjectChange = { o: id, purged: false };
    changes.set(id, created);
    return created;
  };
  for (const event of stretch) {
    switch (event.type) {
      case QuestionAsked.type: {
        const d = event.data as DataOf<typeof QuestionAsked>;
        Object.assign(change(d.question_id), { owner: d.user_id, question: d.question_id });
        break;
      }
      case AnswerPosted.type: {
        const d = event.data as DataOf<typeof AnswerPosted>;
        Object.assign(change(d.answer_id), { owner: d.user_id, question: d.question_id });
        break;
      }
      case QuestionPurged.type:
      case AnswerPurged.type: {
        const d = event.data as DataOf<typeof QuestionPurged> | DataOf<typeof AnswerPurged>;
        const ids = 'answer_ids' in d ? [d.question_id, ...d.answer_ids] : [d.answer_id];
        for (const id of ids) changes.set(id, { o: id, purged: true });
        break;
      }
      case QuestionDeleted.type:
        change((event.data as DataOf<typeof QuestionDeleted>).question_id).deleted = true;
        break;
      case QuestionUndeleted.type:
        change((event.data as DataOf<typeof QuestionUndeleted>).question_id).deleted = false;
        break;
      case AnswerDeleted.type:
        change((event.data as DataOf<typeof AnswerDeleted>).answer_id).deleted = true;
        break;
      case AnswerUndeleted.type:
        change((event.data as DataOf<typeof AnswerUndeleted>).answer_id).deleted = false;
        break;
    }
  }
  const all = [...changes.values()].sort((a, b) => (a.o < b.o ? -1 : a.o > b.o ? 1 : 0));
  const purged = all.filter((c) => c.purged).map((c) => c.o);
  if (purged.length > 0) {
    await sql`delete from ledger_objects where object_id = any(${purged}::text[])`.execute(tx);
  }
  const written = all
    .filter((c) => c.owner !== undefined || c.deleted !== undefined)
    .map(({ o, owner, question, deleted }) => ({ o, owner, question, deleted }));
  if (written.length === 0) return;
  await sql`
    with i as (
      select * from jsonb_to_recordset(${JSON.stringify(written)}::jsonb)
        as i(o text, owner text, question text, deleted boolean)
    ), updated as (
      update ledger_objects t
      set owner_id = coalesce(i.owner, t.owner_id), question_id = coalesce(i.question, t.question_id),
          deleted = coalesce(i.deleted, t.deleted)
      from i where t.object_id = i.o
      returning t.object_id)
    insert into ledger_objects (object_id, owner_id, question_id, deleted)
    select i.o, coalesce(i.owner, ''), coalesce(i.question, ''), coalesce(i.deleted, false) from i
    where not exists (select 1 from updated u where u.object_id = i.o)
    order by i.o`.execute(tx);
}

/**
 * A batch in a few statements (an import's replay: docs/capacity.md §9): each stretch of events that change no
 * reputation folded by `writeObjects`; an event the ledger decides on goes through `apply` in its place, after what
 * came before it is written (an acceptance reads its posts' owners).
 */
function objectsInBulk(events: readonly { type: string }[], apply: Projection['apply']): BulkApply {
  return {
    types: new Set(events.map((e) => e.type)),
    async apply(run, tx) {
      let stretch: StoredEvent[] = [];
      const flush = async () => {
        if (stretch.length > 0) await writeObjects(stretch, tx);
        stretch = [];
      };
      for (const event of run) {
        if (changesNoReputation(event)) {
          stretch.push(event);
          continue;
        }
        await flush();
        await apply(event, tx);
      }
      await flush();
    },
  };
}

/**
 * What posts do to reputation: accepting and unaccepting answers, approved edits; and
 * deleting a post takes back what it earned while undeleting gives it back (docs/behaviour-decisions.md).
 * Imported acts change no reputation: the source's history and totals come in as records
 * (docs/adr/0094-importing-a-community.md); owners and deletions are still kept.
 */
export function ledgerFromPosts(ledger: Ledger): Projection {
  const projection: Projection = {
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
    applyBatch: (events, tx) => applyInRuns(events, tx, bulk, projection.apply),
    // Replaying from zero decides nothing twice: the inbox has seen every event (see inbox.ts).
    async reset() {},
  };
  const bulk = objectsInBulk(projection.events, projection.apply);
  return projection;
}
