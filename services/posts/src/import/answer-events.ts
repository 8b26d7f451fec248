import type { ImportedAnswer } from '@agora/contracts/import/records';
import { type ImportedEvent, renderMarkdown } from '@agora/platform';
import type { AnswerEvent } from '../domain/answer/decider';

/**
 * An imported answer's own stream, versions from 1 (docs/adr/0094-importing-a-community.md): posted with its first
 * revision at its creation time, each later revision an edit by its editor, deleted last. Its acceptance goes to the
 * question's stream (`acceptanceEvents`). An answer held for review at the source is held here, with nothing after.
 */
export function answerEvents(a: ImportedAnswer): ImportedEvent[] {
  const [first, ...later] = a.revisions;
  if (!first) throw new Error(`answer ${a.id} has no revision`);
  const ids = { answer_id: a.id, question_id: a.question_id };
  const text = { content: first.content, html: renderMarkdown(first.content) };
  if (a.pending) {
    // Held at the source: it waits in the review queue as it was, and nothing else happens to it until then.
    const held: AnswerEvent = {
      type: 'posts.answer_held',
      data: { ...ids, user_id: a.user_id, revision_id: first.id, reason: 'imported', ...text },
    };
    return [
      { streamId: a.id, version: 1, type: held.type, data: held.data, occurredAt: a.created_at, actorId: a.user_id },
    ];
  }
  const acts: { at: string; actorId: string; event: AnswerEvent }[] = [
    {
      at: a.created_at,
      actorId: a.user_id,
      event: {
        type: 'posts.answer_posted',
        data: {
          ...ids,
          user_id: a.user_id,
          revision_id: first.id,
          ...text,
        },
      },
    },
    ...later.map((r) => ({
      at: r.created_at,
      actorId: r.editor_id,
      event: {
        type: 'posts.answer_edited' as const,
        data: {
          ...ids,
          editor_id: r.editor_id,
          revision_id: r.id,
          edit_summary: r.summary,
          content: r.content,
          html: renderMarkdown(r.content),
        },
      },
    })),
  ];
  if (a.deleted) {
    const d = a.deleted;
    acts.push({ at: d.at, actorId: d.by, event: { type: 'posts.answer_deleted', data: { ...ids, actor_id: d.by } } });
  }
  return acts.map(({ at, actorId, event }, n) => ({
    streamId: a.id,
    version: n + 1,
    type: event.type,
    data: event.data,
    occurredAt: at,
    actorId,
  }));
}

/** A question's acceptance as it stands in the read model when an imported answer's acceptance comes. */
export interface AcceptanceState {
  /** The question stream's last version. */
  version: number;
  acceptedAnswerId: string | null;
}

/**
 * The acceptances of a batch's answers, on their questions' streams after the last version each has (the question
 * batch wrote its stream before any answer came). An answer already accepted is left alone, so writing the batch
 * again appends nothing: a version counted from the stream's end would not make that so by itself.
 */
export function acceptanceEvents(answers: ImportedAnswer[], states: Map<string, AcceptanceState>): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  for (const a of answers) {
    const accepted = a.accepted;
    const state = states.get(a.question_id);
    if (!accepted || !state || state.acceptedAnswerId === a.id) continue;
    state.version += 1;
    events.push({
      streamId: a.question_id,
      version: state.version,
      type: 'posts.answer_accepted',
      data: {
        question_id: a.question_id,
        actor_id: accepted.by,
        answer_id: a.id,
        previous_answer_id: state.acceptedAnswerId,
      },
      occurredAt: accepted.at,
      actorId: accepted.by,
    });
    state.acceptedAnswerId = a.id;
  }
  return events;
}
