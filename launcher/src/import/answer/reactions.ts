import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedReaction } from '@agora/contracts/import/records';
import { MetaKey } from './codes';
import { q, type ReadContext } from './context';
import { bigList, pages } from './pages';
import { isRecord, json, objectId, rawId, text } from './values';

/**
 * Reactions (meta `object.react.summary`: `{"reactions":[{"emoji","user_ids":[…]}]}`), one record per member and
 * emoji, in meta id order (docs/adr/0094-importing-a-community.md). The source keeps no times. A member the source
 * no longer has is left out.
 */
export async function* readReactions(context: ReadContext): AsyncGenerator<ImportedReaction> {
  const { db } = context;
  for await (const page of pages(db, {
    select: 'm.id AS page_key, m.object_id, m.value',
    from: 'meta m',
    key: 'm.id',
    where: `m.${q(context, 'key')} = ?`,
    params: [MetaKey.reactions],
  })) {
    const parsed = page.map((row) => {
      const value = json(row.value);
      const reactions = isRecord(value) && Array.isArray(value.reactions) ? value.reactions.filter(isRecord) : [];
      return {
        row,
        reactions: reactions.map((r) => ({
          emoji: text(r.emoji),
          users: (Array.isArray(r.user_ids) ? r.user_ids : []).map(rawId).filter((id): id is string => !!id),
        })),
      };
    });
    const named = [...new Set(parsed.flatMap((p) => p.reactions.flatMap((r) => r.users)))].filter((id) =>
      /^\d+$/.test(id),
    );
    const there = new Set<string>();
    if (named.length) {
      const rows = await db.query(
        `SELECT id FROM ${q(context, 'user')} WHERE id IN (${bigList(db, named.length)})`,
        named,
      );
      for (const row of rows) there.add(text(row.id));
    }
    for (const { row, reactions } of parsed) {
      const object = objectId(row.object_id, 'meta', row.page_key);
      for (const reaction of reactions) {
        if (!reaction.emoji) continue;
        for (const user of new Set(reaction.users)) {
          if (there.has(user))
            yield { kind: 'reaction', object_id: object, user_id: idFromNumber('user', user), emoji: reaction.emoji };
        }
      }
    }
  }
}
