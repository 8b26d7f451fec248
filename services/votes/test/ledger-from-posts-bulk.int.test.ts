/**
 * The ledger's inputs from posts a batch at a time (the replay of an import: docs/capacity.md §9) leave every table
 * as applying each event in turn: imported posts, edits, acceptances and deletions (no reputation:
 * docs/adr/0094-importing-a-community.md) folded around live acceptances, approved edits, deletions and undeletions
 * that go to the ledger in their place, an answer before its question, a deletion before its post, replays and a
 * duplicate delivery, purges followed by re-creation and deletion, and rows already there.
 */
import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerUndeleted,
  formatObjectId,
  QuestionAsked,
  QuestionDeleted,
  QuestionEdited,
  QuestionPurged,
} from '@agora/contracts';
import { EventStore, type ServiceDatabase, type StoredEvent } from '@agora/platform';
import { appliedBothWays, deliveredEvent, everyTable, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../src/commands/ledger';
import { votesMigrations } from '../src/migrations';
import { ledgerFromPosts } from '../src/projections/ledger-inputs/from-posts';

const q1 = formatObjectId('question', 1n);
const q2 = formatObjectId('question', 2n);
const q3 = formatObjectId('question', 3n);
const q5 = formatObjectId('question', 5n);
const qOld = formatObjectId('question', 9n);
const a1 = formatObjectId('answer', 11n);
const a2 = formatObjectId('answer', 12n);
const a3 = formatObjectId('answer', 13n);
const a4 = formatObjectId('answer', 14n);
const aOld = formatObjectId('answer', 19n);

/** Posts known before the batch: a deleted question and a live answer to it. */
async function seed(database: ServiceDatabase) {
  await sql`insert into ledger_objects (object_id, owner_id, question_id, deleted)
            values (${qOld}, 'old-owner', ${qOld}, true), (${aOld}, 'x', ${qOld}, false)`.execute(database.db);
}

const schema = serviceSchemas('ledger_from_posts_bulk', votesMigrations, seed);

const posts = (type: string, streamId: string, data: object) => deliveredEvent('posts', type, streamId, data);
const imported = (event: StoredEvent): StoredEvent => ({ ...event, metadata: { ...event.metadata, imported: true } });

const asked = (q: string, user: string) =>
  posts(QuestionAsked.type, q, {
    question_id: q,
    user_id: user,
    revision_id: `r-${q}`,
    title: 'T',
    url_title: 't',
    content: 'c',
    html: '<p>c</p>',
    tags: [],
  });
const posted = (a: string, q: string, user: string) =>
  posts(AnswerPosted.type, a, {
    answer_id: a,
    question_id: q,
    user_id: user,
    revision_id: `r-${a}`,
    content: 'c',
    html: '<p>c</p>',
  });
const questionEdited = (q: string, revision: string, reviewer?: string) =>
  posts(QuestionEdited.type, q, {
    question_id: q,
    editor_id: 'editor',
    revision_id: revision,
    edit_summary: '',
    ...(reviewer ? { reviewer_id: reviewer } : {}),
    title: 'T',
    url_title: 't',
    content: 'c',
    html: '<p>c</p>',
    tags: [],
  });
const answerEdited = (a: string, q: string, revision: string, reviewer?: string) =>
  posts(AnswerEdited.type, a, {
    answer_id: a,
    question_id: q,
    editor_id: 'editor',
    revision_id: revision,
    edit_summary: '',
    ...(reviewer ? { reviewer_id: reviewer } : {}),
    content: 'c',
    html: '<p>c</p>',
  });
const accepted = (q: string, a: string | null, previous: string | null = null) =>
  posts(AnswerAccepted.type, q, { question_id: q, actor_id: 'asker', answer_id: a, previous_answer_id: previous });
const questionDeleted = (q: string) => posts(QuestionDeleted.type, q, { question_id: q, actor_id: 'mod' });
const answerAct = (type: string, a: string, q: string) =>
  posts(type, a, { answer_id: a, question_id: q, actor_id: 'mod' });
const questionPurged = (q: string, answers: string[]) =>
  posts(QuestionPurged.type, q, {
    question_id: q,
    user_id: 'asker',
    actor_id: 'admin',
    answer_ids: answers,
    comment_ids: [],
    revision_ids: [],
  });
const answerPurged = (a: string, q: string) =>
  posts(AnswerPurged.type, a, {
    answer_id: a,
    question_id: q,
    user_id: 'answerer',
    actor_id: 'admin',
    comment_ids: [],
    revision_ids: [],
  });

/** What the projection leaves, but for what differs by nature between two schemas (event ids, positions, times). */
async function read(database: ServiceDatabase) {
  const db = database.db;
  return {
    tables: await everyTable(database, ['events', 'ledger_inbox', 'kysely_migration']),
    events: (
      await sql`select stream_id, stream_version, type, data, metadata->'causationId' as causation
                from events order by stream_id, stream_version`.execute(db)
    ).rows,
    inbox: (await sql`select event_id from ledger_inbox order by event_id`.execute(db)).rows,
  };
}

describe('the ledger inputs from posts a batch at a time', () => {
  it('leave owners, deletions, the inbox and the ledger as applying each event in turn', async () => {
    const liveAccept = accepted(q3, a3);
    const events = [
      // An imported answer before its question, an approved edit and an acceptance: no reputation.
      imported(posted(a1, q1, 'answerer')),
      imported(asked(q1, 'asker')),
      imported(answerEdited(a1, q1, 'r-a1-2', 'reviewer')),
      imported(accepted(q1, a1)),
      // Replayed over a deleted question: the owner changes, the deletion stays.
      imported(asked(qOld, 'asker')),
      imported(answerAct(AnswerDeleted.type, aOld, qOld)),
      // A deletion before its question's ask.
      imported(questionDeleted(q2)),
      imported(asked(q2, 'asker')),
      asked(q3, 'asker'),
      posted(a3, q3, 'answerer'),
      // Live: the asker +2 and the answerer +15, once however often delivered.
      liveAccept,
      liveAccept,
      // An approved edit: the editor +2; an edit nobody reviewed: nothing.
      questionEdited(q3, 'r-q3-2', 'reviewer'),
      answerEdited(a3, q3, 'r-a3-2'),
      // Purged, then an answer of the purged question posted again, and a purged answer deleted after.
      imported(questionPurged(q2, [a2])),
      imported(posted(a2, q2, 'answerer')),
      imported(answerPurged(a4, q2)),
      imported(answerAct(AnswerDeleted.type, a4, q2)),
      // A live acceptance of an answer the stretch before it deleted: granted, held back.
      imported(answerAct(AnswerDeleted.type, a1, q1)),
      accepted(q1, a1),
      imported(answerAct(AnswerUndeleted.type, a1, q1)),
      // A live deletion takes back what the answer earned, undeletion gives it back; a replay between keeps it deleted.
      answerAct(AnswerDeleted.type, a3, q3),
      imported(posted(a3, q3, 'answerer')),
      answerAct(AnswerUndeleted.type, a3, q3),
      imported(asked(q5, 'asker')),
    ];
    // No database of their own: the ledger and its store run in the transaction they are given, each schema's.
    const projection = ledgerFromPosts(new Ledger(null as never, new EventStore(null as never, 'votes')));
    const { oneByOne, inBatch } = await appliedBothWays(projection, events, schema, 'ledger_from_posts');
    const expected = await read(oneByOne);

    const objects = (
      await sql`select object_id, owner_id, question_id, deleted from ledger_objects order by object_id`.execute(
        oneByOne.db,
      )
    ).rows;
    expect(objects).toEqual(
      [
        { object_id: q1, owner_id: 'asker', question_id: q1, deleted: false },
        { object_id: q3, owner_id: 'asker', question_id: q3, deleted: false },
        { object_id: q5, owner_id: 'asker', question_id: q5, deleted: false },
        { object_id: qOld, owner_id: 'asker', question_id: qOld, deleted: true },
        { object_id: a1, owner_id: 'answerer', question_id: q1, deleted: false },
        { object_id: a2, owner_id: 'answerer', question_id: q2, deleted: false },
        { object_id: a3, owner_id: 'answerer', question_id: q3, deleted: false },
        { object_id: a4, owner_id: '', question_id: '', deleted: true },
        { object_id: aOld, owner_id: 'x', question_id: qOld, deleted: true },
      ].sort((a, b) => (a.object_id < b.object_id ? -1 : 1)),
    );
    const { rows: reputations } = await sql<{ user_id: string; reputation: number }>`
      select user_id, reputation from reputations order by user_id`.execute(oneByOne.db);
    expect(reputations).toEqual([
      { user_id: 'answerer', reputation: 15 },
      { user_id: 'asker', reputation: 2 },
      { user_id: 'editor', reputation: 2 },
    ]);
    const { rows: entries } = await sql`
      select entry_id, user_id, amount, state from ledger_entries order by entry_id`.execute(oneByOne.db);
    expect(entries).toEqual([
      { entry_id: `answer.accept:${a1}`, user_id: 'asker', amount: 2, state: 'suspended' },
      // Taken back down to the floor of 1 and given back as much (domain/ledger/ledger.ts).
      { entry_id: `answer.accept:${a3}`, user_id: 'asker', amount: 1, state: 'active' },
      { entry_id: `answer.accepted:${a1}`, user_id: 'answerer', amount: 15, state: 'suspended' },
      { entry_id: `answer.accepted:${a3}`, user_id: 'answerer', amount: 14, state: 'active' },
      { entry_id: 'edit.accepted:r-q3-2', user_id: 'editor', amount: 2, state: 'active' },
    ]);
    expect(expected.inbox).toHaveLength(5);

    expect(await read(inBatch)).toEqual(expected);
  });
});
