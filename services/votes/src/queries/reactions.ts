import {
  type Language,
  Limits,
  REACTION_EMOJIS,
  type ReactionEmoji,
  type ReactionSummary,
  translate,
} from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';

interface EmojiRow {
  emoji: ReactionEmoji;
  count: number;
  is_active: boolean;
  /** The first members who reacted, earliest first, by display name (username when it has none). */
  names: (string | null)[];
}

/** Who reacted: the first names, then how many more (`Ann, Bo and 3 more`). */
export function tooltipOf(language: Language, names: string[], count: number): string {
  const listed = names.join(translate(language, 'reaction.names_separator'));
  const more = count - names.length;
  return more > 0 ? translate(language, 'reaction.names_and_more', { names: listed, count: more }) : listed;
}

/**
 * A post's reactions as `meta/reaction` answers them (one statement): each emoji someone reacts with, in
 * the order of `REACTION_EMOJIS`, with its count, whether the viewer is among them, and who they are.
 */
export async function reactionSummary(
  db: Db,
  objectId: string,
  viewerId: string | null,
  language: Language,
): Promise<ReactionSummary> {
  const { rows } = await sql<EmojiRow>`
    select r.emoji, count(*)::int as count, coalesce(bool_or(r.user_id = ${viewerId}), false) as is_active,
      (array_agg(coalesce(nullif(a.display_name, ''), a.username) order by r.reacted_at, r.user_id))[1:${Limits.reaction.tooltipNames}] as names
    from reactions r left join actors a on a.user_id = r.user_id
    where r.object_id = ${objectId}
    group by r.emoji`.execute(db);
  const byEmoji = new Map(rows.map((row) => [row.emoji, row]));
  return {
    reaction_summary: REACTION_EMOJIS.flatMap((emoji) => {
      const row = byEmoji.get(emoji);
      if (!row) return [];
      const names = row.names.filter((name): name is string => Boolean(name));
      return [{ emoji, count: row.count, is_active: row.is_active, tooltip: tooltipOf(language, names, row.count) }];
    }),
  };
}
