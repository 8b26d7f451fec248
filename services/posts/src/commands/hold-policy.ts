import type { HoldReason, SiteSettings } from '@agora/contracts';
import { type Actor, type Db, isStaff, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import type { Static } from 'typebox';

export type Hold = Static<typeof HoldReason>;

/** Rendered markdown links to somewhere: an anchor with an address. */
const LINK = /<a\s[^>]*href\s*=/i;

/** How many of a member's questions and answers are published (not held, not deleted). */
async function publishedPosts(db: Db, userId: string, enough: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (
      (select count(*) from (select 1 from questions
         where user_id = ${userId} and status in (${PostStatusSql.available}, ${PostStatusSql.closed}) limit ${enough}) q)
      + (select count(*) from (select 1 from answers
         where user_id = ${userId} and status = ${PostStatusSql.available} limit ${enough}) a)
    )::int as n`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Whether the site's hold rules keep a new question or answer back for a moderator (docs/adr/0069-held-posts.md):
 * a member's first posts, or a link from a member under the reputation the site asks of links. Staff are never held.
 */
export async function holdFor(db: Db, actor: Actor, settings: SiteSettings, html: string): Promise<Hold | null> {
  if (isStaff(actor)) return null;
  const linksBelow = settings.questions.hold_links_below_reputation ?? 0;
  if (linksBelow > 0 && actor.rank < linksBelow && LINK.test(html)) return 'links';
  const firstPosts = settings.questions.hold_first_posts ?? 0;
  if (firstPosts > 0 && (await publishedPosts(db, actor.id, firstPosts)) < firstPosts) return 'new_member';
  return null;
}
