import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  type DataOf,
  InvitationsUpdated,
  isImported,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionFollowed,
  QuestionUnfollowed,
} from '@agora/contracts';
import { type BulkApply, first, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { answerFacts, commentFacts, type PostFacts, questionFacts } from './post-index';

const FOLLOWS = new Set<string>([QuestionFollowed.type, QuestionUnfollowed.type]);

/** An attempt to put an event on the waiting list, in the order one by one would make it. */
interface Wait {
  post_id: string;
  event_id: string;
  event: StoredEvent;
  /** Still on the list after the run: inserted (not already there) and not taken by its post later in the run. */
  kept: boolean;
}

/**
 * What a stretch of imported events leaves, worked out from the rows it reads: an imported act notifies and
 * mails nobody (docs/adr/0094-importing-a-community.md), so all `apply` writes for one is the post index, the
 * followers and the waiting list. Follows write only the followers, so a live one folds as well.
 */
class ImportedStretch {
  readonly changed = new Set<string>();
  readonly waits: Wait[] = [];
  readonly follows = new Map<string, { question_id: string; user_id: string; following: boolean }>();
  private readonly waitingEvents: Set<string>;
  private readonly waitingFor = new Map<string, Wait[]>();

  constructor(
    readonly posts: Map<string, PostFacts>,
    waitingElsewhere: string[],
  ) {
    this.waitingEvents = new Set(waitingElsewhere);
  }

  private index(post: PostFacts): void {
    if (this.posts.has(post.object_id)) return;
    this.posts.set(post.object_id, post);
    this.changed.add(post.object_id);
  }

  private change(id: string, facts: Partial<PostFacts>): void {
    const post = this.posts.get(id);
    if (!post) return;
    this.posts.set(id, { ...post, ...facts });
    this.changed.add(id);
  }

  /** postsOrWait for a post not known yet: `on conflict (event_id) do nothing`, a sequence number taken anyway. */
  private wait(event: StoredEvent, postId: string): void {
    const wait = { post_id: postId, event_id: event.id, event, kept: !this.waitingEvents.has(event.id) };
    this.waits.push(wait);
    if (!wait.kept) return;
    this.waitingEvents.add(event.id);
    this.waitingFor.set(postId, [...(this.waitingFor.get(postId) ?? []), wait]);
  }

  /** applyWaiting: only events of this stretch can wait for its posts (the caller checked the table). */
  private takeWaiting(postId: string): void {
    const taken = this.waitingFor.get(postId) ?? [];
    this.waitingFor.delete(postId);
    for (const wait of taken) {
      wait.kept = false;
      this.waitingEvents.delete(wait.event_id);
    }
    for (const wait of taken) this.step(wait.event);
  }

  step(event: StoredEvent): void {
    switch (event.type) {
      case QuestionAsked.type: {
        const d = event.data as DataOf<typeof QuestionAsked>;
        this.index(questionFacts(d));
        this.takeWaiting(d.question_id);
        return;
      }
      case QuestionEdited.type: {
        const d = event.data as DataOf<typeof QuestionEdited>;
        this.change(d.question_id, { title: d.title, url_title: d.url_title });
        return;
      }
      case AnswerPosted.type: {
        const d = event.data as DataOf<typeof AnswerPosted>;
        this.index(answerFacts(d));
        this.takeWaiting(d.answer_id);
        if (!this.posts.has(d.question_id)) this.wait(event, d.question_id);
        return;
      }
      case AnswerEdited.type: {
        const d = event.data as DataOf<typeof AnswerEdited>;
        if (!this.posts.has(d.question_id)) this.wait(event, d.question_id);
        return;
      }
      case AnswerAccepted.type: {
        const d = event.data as DataOf<typeof AnswerAccepted>;
        if (d.answer_id && !this.posts.has(d.answer_id)) this.wait(event, d.answer_id);
        return;
      }
      case CommentAdded.type: {
        const d = event.data as DataOf<typeof CommentAdded>;
        const post = this.posts.get(d.object_id);
        if (!post) {
          this.wait(event, d.object_id);
          return;
        }
        this.index(commentFacts(d, post));
        return;
      }
      case CommentEdited.type: {
        const d = event.data as DataOf<typeof CommentEdited>;
        const comment = this.posts.get(d.comment_id);
        if (!comment) return;
        this.change(d.comment_id, { mentions: [...new Set([...comment.mentions, ...d.mentions])] });
        return;
      }
      case QuestionFollowed.type:
      case QuestionUnfollowed.type: {
        const d = event.data as DataOf<typeof QuestionFollowed>;
        const following = event.type === QuestionFollowed.type;
        this.follows.set(JSON.stringify([d.question_id, d.user_id]), { ...d, following });
        return;
      }
      // Imported closings, deletions and invitations only notify, which an imported act does not.
    }
  }
}

/** The posts a stretch's events read from the index, and the posts whose waiting events they take. */
function postsOfStretch(events: StoredEvent[]): { read: Set<string>; arriving: Set<string> } {
  const read = new Set<string>();
  const arriving = new Set<string>();
  for (const event of events) {
    const d = event.data as Record<string, unknown>;
    for (const key of ['question_id', 'answer_id', 'object_id', 'comment_id']) {
      const id = d[key];
      if (typeof id === 'string') read.add(id);
    }
    if (event.type === QuestionAsked.type) arriving.add((d as DataOf<typeof QuestionAsked>).question_id);
    if (event.type === AnswerPosted.type) arriving.add((d as DataOf<typeof AnswerPosted>).answer_id);
  }
  return { read, arriving };
}

async function foldImported(
  events: StoredEvent[],
  tx: Tx,
  apply: (event: StoredEvent, tx: Tx) => Promise<void>,
): Promise<void> {
  const { read, arriving } = postsOfStretch(events);
  // What the stretch reads, in one statement: the posts it names, and the waiting list of its arriving posts and of
  // its own events.
  const { rows } = await sql<{ posts: PostFacts[]; waiting: { post_id: string; event_id: string }[] }>`
    select
      (select coalesce(jsonb_agg(to_jsonb(p)), '[]') from post_index p where p.object_id = any(${[...read]}::text[]))
        as posts,
      (select coalesce(jsonb_agg(jsonb_build_object('post_id', w.post_id, 'event_id', w.event_id)), '[]')
       from events_waiting_for_posts w
       where w.post_id = any(${[...arriving]}::text[]) or w.event_id = any(${events.map((e) => e.id)}::text[]))
        as waiting`.execute(tx);
  const { posts: known, waiting } = first(rows, 'the posts and waiting events of a stretch');
  // An earlier batch's event (perhaps a live one, which notifies) waits for a post of this stretch: the rare
  // case of posts arriving out of order across batches goes through `apply`.
  if (waiting.some((row) => arriving.has(row.post_id))) {
    for (const event of events) await apply(event, tx);
    return;
  }
  const stretch = new ImportedStretch(
    new Map(known.map((post) => [post.object_id, post])),
    waiting.map((row) => row.event_id),
  );
  for (const event of events) stretch.step(event);

  const posts = [...stretch.changed].map((id) => stretch.posts.get(id));
  if (posts.length > 0) {
    // The index's rows as the run leaves them: new ones, and known ones with their titles or mentions changed.
    await sql`
      insert into post_index (object_id, object_type, user_id, question_id, answer_id, parent_id, title, url_title,
                              mentions)
      select i.object_id, i.object_type, i.user_id, i.question_id, i.answer_id, i.parent_id, i.title, i.url_title,
             array(select m.value from jsonb_array_elements_text(i.mentions) with ordinality as m(value, n) order by m.n)
      from jsonb_to_recordset(${JSON.stringify(posts)}::jsonb) as i(object_id text, object_type text, user_id text,
        question_id text, answer_id text, parent_id text, title text, url_title text, mentions jsonb)
      on conflict (object_id) do update
        set title = excluded.title, url_title = excluded.url_title, mentions = excluded.mentions`.execute(tx);
  }

  // Each follower pair as its last event in the stretch left it.
  const follows = [...stretch.follows.values()];
  const followed = follows.filter((f) => f.following);
  const unfollowed = follows.filter((f) => !f.following);
  if (followed.length > 0) {
    await sql`
      insert into question_followers (question_id, user_id)
      select * from unnest(${followed.map((f) => f.question_id)}::text[], ${followed.map((f) => f.user_id)}::text[])
      on conflict do nothing`.execute(tx);
  }
  if (unfollowed.length > 0) {
    await sql`
      delete from question_followers f
      using unnest(${unfollowed.map((u) => u.question_id)}::text[], ${unfollowed.map((u) => u.user_id)}::text[])
        as gone(question_id, user_id)
      where f.question_id = gone.question_id and f.user_id = gone.user_id`.execute(tx);
  }

  if (stretch.waits.length > 0) {
    // Every attempt takes its sequence number in turn, as one by one (an insert that meets a conflict, or whose
    // row a later post of the run took, still used one), so those left keep the numbers they would have had.
    const waits = stretch.waits.map((w, n) => ({
      n,
      post_id: w.post_id,
      event_id: w.event_id,
      event: w.event,
      kept: w.kept,
    }));
    await sql`
      with attempts as (
        select nextval(pg_get_serial_sequence('events_waiting_for_posts', 'seq')) as seq, a.*
        from (select * from jsonb_to_recordset(${JSON.stringify(waits)}::jsonb)
                as i(n int, post_id text, event_id text, event jsonb, kept boolean)
              order by i.n) as a)
      insert into events_waiting_for_posts (seq, post_id, event_id, event)
      select seq, post_id, event_id, event from attempts where kept order by seq`.execute(tx);
  }
}

/**
 * An import's replay in a few statements per run (docs/capacity.md §9): its posts, edits, comments and follows
 * written to the index, the followers and the waiting list at once. Only imported events (and follows, live or not)
 * are folded; a live event in the run, which notifies, goes through `apply` in its place.
 */
export function importedInBulk(apply: (event: StoredEvent, tx: Tx) => Promise<void>): BulkApply {
  return {
    types: new Set([
      QuestionAsked.type,
      QuestionEdited.type,
      QuestionClosed.type,
      QuestionDeleted.type,
      AnswerPosted.type,
      AnswerEdited.type,
      AnswerDeleted.type,
      AnswerAccepted.type,
      InvitationsUpdated.type,
      CommentAdded.type,
      CommentEdited.type,
      CommentDeleted.type,
      ...FOLLOWS,
    ]),
    async apply(run, tx) {
      let stretch: StoredEvent[] = [];
      const flush = async () => {
        if (stretch.length > 0) await foldImported(stretch, tx, apply);
        stretch = [];
      };
      for (const event of run) {
        if (isImported(event) || FOLLOWS.has(event.type)) {
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
