import { BADGES } from '@agora/contracts/badges/catalogue';
import type { ImportedBadgeAward } from '@agora/contracts/import/records';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { flag, objectId, optionalObjectId, requiredTime, text } from './values';

const CATALOGUE = new Set(BADGES.map((badge) => badge.key));

/**
 * A badge's Agora name: Answer names a badge by its i18n key (`badge.first_flag.name`); its seeded badges are the
 * ones Agora's catalogue has, under the same middle part. Any other badge keeps the source's own name.
 */
export function badgeNameOf(sourceName: string): string {
  const key = /^badge\.(.+)\.name$/.exec(sourceName)?.[1];
  return key && CATALOGUE.has(key) ? key : sourceName;
}

/** Badge awards (from Answer v1.4) whose badge is not deleted, to members still there, in id order. */
export async function* readBadgeAwards(context: ReadContext): AsyncGenerator<ImportedBadgeAward> {
  if (!context.tables.has('badge_award')) return;
  const { db } = context;
  for await (const page of pages(db, {
    select: 'w.id AS page_key, w.award_key, w.is_badge_deleted, w.created_at, b.name, u.id AS known_user',
    from: `badge_award w JOIN badge b ON b.id = w.badge_id ${userJoin(db, 'w.user_id', 'u')}`,
    key: 'w.id',
  })) {
    for (const row of page) {
      const user = context.members.existing(row.known_user);
      if (!user || flag(row.is_badge_deleted)) continue;
      yield {
        kind: 'badge_award',
        id: objectId(row.page_key, 'badge_award', row.page_key),
        user_id: user,
        badge: badgeNameOf(text(row.name)),
        award_key: optionalObjectId(row.award_key) ?? '',
        created_at: requiredTime(row.created_at, 'badge_award', row.page_key),
      };
    }
  }
}
