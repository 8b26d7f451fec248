import {
  type Language,
  Limits,
  REACTION_EMOJIS,
  type ReactionEmoji,
  type ReactionSummary,
  translate,
} from '@agora/contracts';
import { ACTORS_TOPIC, type ChangeFeed, type Db, UserCache } from '@agora/platform';
import { sql } from 'kysely';
import { REACTIONS_TOPIC } from '../projections/reactions/read-model';

/** Who reacts to one post with each emoji, earliest first (the emojis nobody reacts with left out). */
type PostReactions = { emoji: ReactionEmoji; members: string[]; memberSet: ReadonlySet<string> }[];

/** Members whose names are being read, and who waits for each. */
type NameBatch = Map<string, { resolve: (name: string) => void; reject: (error: unknown) => void }[]>;

/** Who reacted: the first names, then how many more (`Ann, Bo and 3 more`). */
export function tooltipOf(language: Language, names: string[], count: number): string {
  const listed = names.join(translate(language, 'reaction.names_separator'));
  const more = count - names.length;
  return more > 0 ? translate(language, 'reaction.names_and_more', { names: listed, count: more }) : listed;
}

async function loadPostReactions(db: Db, objectId: string): Promise<PostReactions> {
  const { rows } = await sql<{ emoji: ReactionEmoji; members: string[] }>`
    select emoji, array_agg(user_id order by reacted_at, user_id) as members
    from reactions where object_id = ${objectId} group by emoji`.execute(db);
  const byEmoji = new Map(rows.map((row) => [row.emoji, row.members]));
  return REACTION_EMOJIS.flatMap((emoji) => {
    const members = byEmoji.get(emoji);
    return members ? [{ emoji, members, memberSet: new Set(members) }] : [];
  });
}

/**
 * The read side of reactions: each post's reactions, and the names of the members who react, kept in memory
 * until a change of that post's reactions, or of that member, is announced (ChangeFeed.onKeyChanged, as the
 * session check does), so the question page's call per post usually costs no query. Names missing at once
 * are read together, in one statement.
 */
export class ReactionReads {
  private readonly posts: UserCache<PostReactions>;
  private readonly names: UserCache<string>;
  private waiting: NameBatch | null = null;

  constructor(
    private readonly db: Db,
    changes: Pick<ChangeFeed, 'listening' | 'onReset' | 'onKeyChanged'>,
    maxEntries = 20_000,
  ) {
    this.posts = new UserCache(changes, maxEntries);
    this.names = new UserCache(changes, maxEntries);
    changes.onKeyChanged(REACTIONS_TOPIC, (objectId) => this.posts.evict(objectId));
    changes.onKeyChanged(ACTORS_TOPIC, (userId) => this.names.evict(userId));
  }

  /**
   * A post's reactions as `meta/reaction` answers them: each emoji someone reacts with, in the order of
   * `REACTION_EMOJIS`, its count, whether the viewer is among them, and who they are (the first names).
   */
  async summary(objectId: string, viewerId: string | null, language: Language): Promise<ReactionSummary> {
    const reactions = await this.posts.get(objectId, '', () => loadPostReactions(this.db, objectId));
    const items = await Promise.all(
      reactions.map(async ({ emoji, members, memberSet }) => {
        const named = await Promise.all(members.slice(0, Limits.reaction.tooltipNames).map((id) => this.nameOf(id)));
        const names = named.filter(Boolean);
        return {
          emoji,
          count: members.length,
          is_active: viewerId !== null && memberSet.has(viewerId),
          tooltip: tooltipOf(language, names, members.length),
        };
      }),
    );
    return { reaction_summary: items };
  }

  /** A member's display name (their username when they have none); '' for a member votes does not know. */
  private nameOf(userId: string): Promise<string> {
    return this.names.get(userId, '', () => this.loadName(userId));
  }

  /** Names asked for in the same turn of the event loop are read in one statement. */
  private loadName(userId: string): Promise<string> {
    if (!this.waiting) {
      const batch: NameBatch = new Map();
      this.waiting = batch;
      queueMicrotask(() => {
        this.waiting = null;
        void this.loadNames(batch);
      });
    }
    const batch = this.waiting;
    return new Promise((resolve, reject) => batch.set(userId, [...(batch.get(userId) ?? []), { resolve, reject }]));
  }

  private async loadNames(batch: NameBatch): Promise<void> {
    try {
      const { rows } = await sql<{ user_id: string; name: string }>`
        select user_id, coalesce(nullif(display_name, ''), username) as name
        from actors where user_id = any(${[...batch.keys()]}::text[])`.execute(this.db);
      const names = new Map(rows.map((row) => [row.user_id, row.name]));
      for (const [id, waiting] of batch) for (const { resolve } of waiting) resolve(names.get(id) ?? '');
    } catch (error) {
      for (const waiting of batch.values()) for (const { reject } of waiting) reject(error);
    }
  }
}
