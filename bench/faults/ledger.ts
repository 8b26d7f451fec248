/**
 * What the clients of a fault run wrote, as they saw it, and the check of every write afterwards (pure: the
 * unit tests feed it made-up observations). A write is acknowledged (2xx: the service said it is done), refused
 * (4xx: it said it did nothing) or unknown (no answer, or a 5xx: it may or may not have been applied). Each
 * member votes a post at most once and never takes a vote back, so a post's vote count is exactly its
 * acknowledged votes, plus at most its unknown ones.
 */

export type WriteKind = 'question' | 'answer' | 'vote';
export type WriteOutcome = 'acknowledged' | 'refused' | 'unknown';

export interface WriteRecord {
  kind: WriteKind;
  outcome: WriteOutcome;
  /** The new object's id, for an acknowledged question or answer. */
  id?: string;
  /** The question an answer is to, the post a vote is on. */
  target?: string;
}

/** The outcome of a write from its answer's status (0: no answer at all). */
export function outcomeOf(status: number): WriteOutcome {
  if (status >= 200 && status < 300) return 'acknowledged';
  if (status >= 400 && status < 500) return 'refused';
  return 'unknown';
}

export class WriteLedger {
  readonly records: WriteRecord[] = [];

  note(record: WriteRecord): void {
    this.records.push(record);
  }

  /** The acknowledged questions and answers: the posts a vote or answer may go to. */
  acknowledged(kind: 'question' | 'answer'): string[] {
    return this.records.flatMap((r) => (r.kind === kind && r.outcome === 'acknowledged' && r.id ? [r.id] : []));
  }

  counts() {
    const count = (kind: WriteKind, outcome: WriteOutcome) =>
      this.records.filter((r) => r.kind === kind && r.outcome === outcome).length;
    const kinds: WriteKind[] = ['question', 'answer', 'vote'];
    return Object.fromEntries(
      kinds.map((kind) => [
        kind,
        {
          acknowledged: count(kind, 'acknowledged'),
          refused: count(kind, 'refused'),
          unknown: count(kind, 'unknown'),
        },
      ]),
    ) as Record<WriteKind, Record<WriteOutcome, number>>;
  }
}

/** What the site shows afterwards, read through a gateway once every projection has caught up. */
export interface Observed {
  /** Each question asked in the run (acknowledged), as `question/info` and `answer/page` show it. */
  questions: Map<string, { found: boolean; answerCount: number; voteCount: number; answerIds: string[] }>;
  /** Each acknowledged answer's vote count (as its question's `answer/page` lists it). */
  answerVotes: Map<string, number>;
  /** The site's question count before the run's first write and after its checks. */
  questionTotal: { before: number; after: number };
}

export interface Audit {
  /** Acknowledged writes the site does not show: must be none. */
  lost: string[];
  /** Writes the site shows more often than they were sent: must be none. */
  duplicated: string[];
}

function tally(records: WriteRecord[], kind: WriteKind, outcome: WriteOutcome): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of records) {
    if (r.kind !== kind || r.outcome !== outcome || !r.target) continue;
    counts.set(r.target, (counts.get(r.target) ?? 0) + 1);
  }
  return counts;
}

/** Every acknowledged write checked against what the site shows; what is missing and what is there twice. */
export function auditWrites(records: WriteRecord[], observed: Observed): Audit {
  const lost: string[] = [];
  const duplicated: string[] = [];
  const ackedAnswers = tally(records, 'answer', 'acknowledged');
  const unknownAnswers = tally(records, 'answer', 'unknown');
  const ackedVotes = tally(records, 'vote', 'acknowledged');
  const unknownVotes = tally(records, 'vote', 'unknown');
  const answerOf = new Map<string, string>();
  for (const r of records) {
    if (r.kind === 'answer' && r.outcome === 'acknowledged' && r.id && r.target) answerOf.set(r.id, r.target);
  }

  for (const r of records) {
    if (r.kind !== 'question' || r.outcome !== 'acknowledged' || !r.id) continue;
    const question = observed.questions.get(r.id);
    if (!question?.found) {
      lost.push(`question ${r.id}: not found`);
      continue;
    }
    const acked = ackedAnswers.get(r.id) ?? 0;
    const most = acked + (unknownAnswers.get(r.id) ?? 0);
    if (question.answerCount < acked)
      lost.push(`question ${r.id}: ${question.answerCount} answers, ${acked} acknowledged`);
    if (question.answerCount > most)
      duplicated.push(`question ${r.id}: ${question.answerCount} answers, at most ${most} sent`);
    if (new Set(question.answerIds).size !== question.answerIds.length)
      duplicated.push(`question ${r.id}: an answer listed twice`);
  }
  for (const [answer, question] of answerOf) {
    if (!observed.questions.get(question)?.answerIds.includes(answer))
      lost.push(`answer ${answer}: not on question ${question}`);
  }

  // Every post of the run, and any other post a vote went to: a post nobody was acknowledged a vote on may
  // still show one applied twice (or one applied although refused).
  const posts = new Set([
    ...observed.questions.keys(),
    ...answerOf.keys(),
    ...ackedVotes.keys(),
    ...unknownVotes.keys(),
  ]);
  for (const post of posts) {
    const count = observed.questions.get(post)?.voteCount ?? observed.answerVotes.get(post);
    const acked = ackedVotes.get(post) ?? 0;
    const most = acked + (unknownVotes.get(post) ?? 0);
    if (count === undefined) {
      if (acked > 0) lost.push(`post ${post}: ${acked} acknowledged votes, the post not found`);
      continue;
    }
    if (count < acked) lost.push(`post ${post}: ${count} votes, ${acked} acknowledged`);
    if (count > most) duplicated.push(`post ${post}: ${count} votes, at most ${most} sent`);
  }

  const asked = records.filter((r) => r.kind === 'question');
  const ackedQuestions = asked.filter((r) => r.outcome === 'acknowledged').length;
  const unknownQuestions = asked.filter((r) => r.outcome === 'unknown').length;
  const added = observed.questionTotal.after - observed.questionTotal.before;
  if (added > ackedQuestions + unknownQuestions) {
    duplicated.push(`site: ${added} questions more, at most ${ackedQuestions + unknownQuestions} asked`);
  }
  if (added < ackedQuestions) lost.push(`site: ${added} questions more, ${ackedQuestions} acknowledged`);
  return { lost, duplicated };
}
