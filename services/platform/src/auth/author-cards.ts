import { avatarUrl, type SiteSettings, seconds, type UserBasicInfo } from '@agora/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { type Actor, effectiveStatus } from './actor';

/** A user id with all but its first and last three characters hidden (`100***123`). */
function maskedId(id: string): string {
  return id.length > 6 ? `${id.slice(0, 3)}***${id.slice(-3)}` : '***';
}

/**
 * The card of a member who is gone: deleted, or unknown to this service. The one rule of every service
 * (docs/behaviour-decisions.md, "a deleted user's card"): shown as `user<masked id>`, with no username
 * (no profile to link to), no avatar (the client draws its default), no reputation, status `deleted`.
 */
export function deletedAuthorCard(id: string): UserBasicInfo {
  return {
    id,
    username: '',
    display_name: `user${maskedId(id)}`,
    avatar: '',
    rank: 0,
    status: 'deleted',
    language: '',
    location: '',
    website: '',
    suspended_until: 0,
  };
}

/** What a card shows of an `actors` row. */
export interface AuthorCardRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: { type?: string; gravatar?: string; custom?: string };
  rank: number;
  status: string;
  language: string;
  suspended_until: Date | null;
}

/** The `actors` columns a card is drawn from, read apart (`loadAuthorCardRows`) or beside a page (`authorCardColumn`). */
const AUTHOR_CARD_COLUMNS = [
  'user_id',
  'username',
  'display_name',
  'email',
  'avatar',
  'rank',
  'status',
  'language',
  'suspended_until',
] as const satisfies readonly (keyof AuthorCardRow)[];

/** The card of a member this service knows; a deleted one's is `deletedAuthorCard`. */
export function authorCardOf(row: AuthorCardRow, settings: Pick<SiteSettings, 'users'>): UserBasicInfo {
  if (row.status === 'deleted') return deletedAuthorCard(row.user_id);
  return {
    id: row.user_id,
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(row, settings),
    rank: row.rank,
    // A suspension that has run out shows as over, as the session check treats it.
    status: effectiveStatus(row.status, row.suspended_until),
    language: row.language,
    location: '',
    website: '',
    suspended_until: seconds(row.suspended_until),
  };
}

/**
 * The author's `actors` row as one json value beside each row of a page (`select ..., ${authorCardColumn(...)}`),
 * so that a page and its authors' cards are one statement; `authorCardOfColumn` reads it back.
 */
export function authorCardColumn(userIdColumn: string) {
  const fields = sql.join(AUTHOR_CARD_COLUMNS.map((column) => sql`${sql.lit(column)}, ${sql.ref(`u.${column}`)}`));
  return sql<AuthorCardJson | null>`(
    select json_build_object(${fields}) from actors u where u.user_id = ${sql.ref(userIdColumn)})`;
}

/** `AuthorCardRow` as json carries it: the end of a suspension as text. */
export type AuthorCardJson = Omit<AuthorCardRow, 'suspended_until'> & { suspended_until: string | null };

/** The card of `authorCardColumn`'s value: a member unknown here gets the card of a deleted user. */
export function authorCardOfColumn(
  author: AuthorCardJson | null,
  userId: string,
  settings: Pick<SiteSettings, 'users'>,
): UserBasicInfo {
  if (!author) return deletedAuthorCard(userId);
  const suspendedUntil = author.suspended_until ? new Date(author.suspended_until) : null;
  return authorCardOf({ ...author, suspended_until: suspendedUntil }, settings);
}

/** Cards found by id; an unknown id gets the card of a deleted user. */
function cardLookup(cards: Map<string, UserBasicInfo>) {
  return { get: (id: string | null | undefined) => (id && cards.get(id)) || deletedAuthorCard(id ?? '') };
}

/**
 * Author cards (UserBasicInfo) from the service's own copy of identity's facts (`actors`): one query for a
 * whole page; an unknown id gets the card of a deleted user.
 */
export async function loadAuthorCards(db: Db, ids: Iterable<string | null | undefined>, settings: SiteSettings) {
  const cards = new Map<string, UserBasicInfo>();
  for (const row of (await loadAuthorCardRows(db, ids)).values()) cards.set(row.user_id, authorCardOf(row, settings));
  return cardLookup(cards);
}

/** The `actors` rows of the known ones among `ids`, by id, in one query (none for no ids). */
export async function loadAuthorCardRows(
  db: Db,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, AuthorCardRow>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const { rows } = await sql<AuthorCardRow>`
    select ${sql.join(AUTHOR_CARD_COLUMNS.map((column) => sql.ref(column)))}
    from actors where user_id = any(${wanted})`.execute(db);
  return new Map(rows.map((row) => [row.user_id, row]));
}

/**
 * The signed-in member's own card, from the session check's copy of their `actors` row (no query), or
 * null when the session knows only the token's claims (the member is not projected here yet).
 */
export function ownAuthorCards(actor: Actor, settings: SiteSettings) {
  if (!actor.username) return null;
  const card = authorCardOf(
    {
      user_id: actor.id,
      username: actor.username,
      display_name: actor.displayName,
      email: actor.email,
      avatar: actor.avatar,
      rank: actor.rank,
      status: actor.status,
      language: actor.language,
      suspended_until: actor.suspendedUntil,
    },
    settings,
  );
  return cardLookup(new Map([[actor.id, card]]));
}
