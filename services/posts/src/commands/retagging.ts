import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import { type QuestionTag, questionDecider } from '../domain/question/decider';
import type { PostStreams } from './post-streams';

/** A tag merge as the tags service announced it (`tags.tag_merged`). */
export interface TagMerge {
  actorId: string;
  mergedSlugs: string[];
  target: QuestionTag;
}

/**
 * Questions filed again after a tag merge (DESIGN §2, sagas): each question under a merged tag, whatever its
 * status, gets a `retag` on its own stream as the merging moderator's. A question already filed under the target
 * records nothing, so a redelivered merge is harmless.
 */
export class QuestionRetagging {
  constructor(
    private readonly db: Db,
    private readonly streams: PostStreams,
  ) {}

  async merge(merge: TagMerge): Promise<void> {
    const { rows } = await sql<{ question_id: string }>`
      select distinct question_id from question_tags where tag_slug = any(${merge.mergedSlugs}::text[])
      order by question_id`.execute(this.db);
    const command = { type: 'retag' as const, ...merge };
    for (const { question_id } of rows) {
      await this.streams.run(question_id, questionDecider, command, merge.actorId);
    }
  }
}
