import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/** Who wrote a question or an answer, and a question's `url_title` (the awards page links to it). */
export async function indexQuestion(tx: Tx, questionId: string, userId: string | null, urlTitle: string) {
  await sql`
    insert into post_index (object_id, object_type, user_id, question_id, url_title)
    values (${questionId}, 'question', ${userId ?? ''}, ${questionId}, ${urlTitle})
    on conflict (object_id) do update set url_title = excluded.url_title,
      user_id = case when excluded.user_id = '' then post_index.user_id else excluded.user_id end`.execute(tx);
}

export async function indexAnswer(tx: Tx, answerId: string, questionId: string, userId: string) {
  await sql`
    insert into post_index (object_id, object_type, user_id, question_id)
    values (${answerId}, 'answer', ${userId}, ${questionId})
    on conflict (object_id) do nothing`.execute(tx);
}

export async function authorOf(tx: Tx, objectId: string): Promise<string | null> {
  const { rows } = await sql<{ user_id: string }>`select user_id from post_index where object_id = ${objectId}`.execute(
    tx,
  );
  return rows[0]?.user_id || null;
}

export async function resetPostIndex(tx: Tx): Promise<void> {
  await sql`truncate post_index`.execute(tx);
}

/** What a run of index writes leaves for one post, as inserted if the index lacked it and as updated if it held it. */
interface IndexedPost {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  /** Its author if inserted: the run's first write's, replaced by a later question write that names one. */
  userId: string;
  urlTitle: string;
  /** Whether a question write was in the run: a post held before then takes its `urlTitle`. */
  titled: boolean;
  /** The last author a question write named ('' none): it replaces the one a held post had. */
  named: string;
}

/**
 * A run of `indexQuestion` and `indexAnswer` calls folded per post, in order, then written in one statement: a
 * post the index lacked is inserted as the run's writes left it; one it held gets only what the question writes
 * changed (an answer's write inserts or does nothing).
 */
export class PostIndexRun {
  private readonly posts = new Map<string, IndexedPost>();

  question(questionId: string, userId: string | null, urlTitle: string): void {
    const user = userId ?? '';
    const post = this.posts.get(questionId);
    if (!post) {
      this.posts.set(questionId, {
        objectId: questionId,
        objectType: 'question',
        questionId,
        userId: user,
        urlTitle,
        titled: true,
        named: user,
      });
      return;
    }
    post.urlTitle = urlTitle;
    post.titled = true;
    if (user !== '') {
      post.userId = user;
      post.named = user;
    }
  }

  answer(answerId: string, questionId: string, userId: string): void {
    if (this.posts.has(answerId)) return;
    this.posts.set(answerId, {
      objectId: answerId,
      objectType: 'answer',
      questionId,
      userId,
      urlTitle: '',
      titled: false,
      named: '',
    });
  }

  /** What `authorOf` would answer at this point of the run, given `before`: what the index held (post → author) before it. */
  authorOf(objectId: string, before: ReadonlyMap<string, string>): string | null {
    const post = this.posts.get(objectId);
    const held = before.get(objectId);
    const user = held === undefined ? post?.userId : post?.named || held;
    return user || null;
  }

  /** The run's writes: posts held updated, the others inserted (`not exists` reads the index as it was before). */
  async write(tx: Tx): Promise<void> {
    if (this.posts.size === 0) return;
    await sql`
      with i as (
        select * from jsonb_to_recordset(${JSON.stringify([...this.posts.values()])}::jsonb)
          as i("objectId" text, "objectType" text, "questionId" text, "userId" text, "urlTitle" text, titled boolean,
               named text)
      ), updated as (
        update post_index p
        set url_title = case when i.titled then i."urlTitle" else p.url_title end,
            user_id = case when i.named = '' then p.user_id else i.named end
        from i where p.object_id = i."objectId" and i.titled)
      insert into post_index (object_id, object_type, user_id, question_id, url_title)
      select "objectId", "objectType", "userId", "questionId", "urlTitle" from i
      where not exists (select 1 from post_index p where p.object_id = i."objectId")`.execute(tx);
  }
}

/** The authors the index holds for these posts. */
export async function authorsOf(tx: Tx, objectIds: readonly string[]): Promise<Map<string, string>> {
  if (objectIds.length === 0) return new Map();
  const { rows } = await sql<{ object_id: string; user_id: string }>`
    select object_id, user_id from post_index where object_id = any(${objectIds}::text[])`.execute(tx);
  return new Map(rows.map((row) => [row.object_id, row.user_id]));
}
