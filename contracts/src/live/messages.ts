/**
 * What the live route sends (docs/adr/0099-live-pages.md): ids and counts, never content. A browser told that
 * an answer was posted fetches it through the API, which applies every visibility rule.
 */

/** The topics a stream may ask for: a question's page, the question lists, the member's own counts, staff pages. */
export const LiveTopic = {
  /** `question:<question id>`: its answers, comments, votes, acceptance, edits and status. */
  questionPrefix: 'question:',
  /** A question was asked (the lists' "N new questions"). */
  questions: 'questions',
  /** The member's own inbox and achievement counts (a signed-in member's own only). */
  me: 'me',
  /** The review queue changed (moderators and admins). */
  review: 'review',
  /** The admin dashboard's totals changed (admins). */
  dashboard: 'dashboard',
} as const;

/** The named events of the stream besides its messages (which have none). */
export const LiveEvent = {
  /** First on every stream: the topics granted and refused; its id is where the stream starts. */
  topics: 'topics',
  /** The position given is further back than the log can be replayed from: reload the page, then open anew. */
  reload: 'reload',
  /** The gateway is stopping: open the stream again (another replica answers) with the last id. */
  reconnect: 'reconnect',
} as const;

/** A question's or an answer's status change as a live message tells it. */
export type LivePostStatus =
  | 'deleted'
  | 'undeleted'
  | 'closed'
  | 'reopened'
  | 'pinned'
  | 'unpinned'
  | 'hidden'
  | 'shown'
  | 'purged';

/** What changed, by kind; each names only ids and counts. */
export type LiveChange =
  | { kind: 'question_asked'; question_id: string }
  | { kind: 'question_edited'; question_id: string }
  | { kind: 'question_status'; question_id: string; status: LivePostStatus }
  | { kind: 'answer_posted'; question_id: string; answer_id: string }
  | { kind: 'answer_edited'; question_id: string; answer_id: string }
  | { kind: 'answer_status'; question_id: string; answer_id: string; status: LivePostStatus }
  | { kind: 'answer_accepted'; question_id: string; answer_id: string | null }
  | { kind: 'comment_added'; question_id: string; object_id: string; comment_id: string }
  | { kind: 'comment_edited'; question_id: string; comment_id: string }
  | { kind: 'comment_deleted'; question_id: string; object_id: string; comment_id: string }
  /** `delta`: what the vote did to the object's score (+1, -1); the score itself is the API's to say. */
  | { kind: 'vote'; question_id: string; object_id: string; delta: number }
  | { kind: 'reaction'; question_id: string; object_id: string }
  /** The member's red dot of that type changed: read `notification/status` again. */
  | { kind: 'counts'; type: 'inbox' | 'achievement' }
  | { kind: 'review_changed' }
  | { kind: 'totals_changed' };

export type LiveKind = LiveChange['kind'];

/**
 * A message as the stream's `data:` carries it: its topic as the stream asked for it, what changed, and where its
 * event sits in its producer's log (`source`, `position`): a browser ignores a message whose topic, source and
 * position it has seen already.
 */
export type LiveMessage = LiveChange & { topic: string; source: string; position: string };

/** The `topics` event's data. */
export interface LiveTopics {
  granted: string[];
  refused: string[];
}
