import { idFromNumber } from '@agora/contracts/import/legacy-ids';

/**
 * The numbers this reader gives to what a dump has no row of its own for, inside `idFromNumber`'s sequences
 * (contracts/src/import/legacy-ids.ts) but far above any number a Stack Exchange site has used, so they never
 * meet a dump's own ids (docs/behaviour-decisions.md, "Importing a Stack Exchange dump").
 */

/** The one member who stands for every author the dump no longer has (the largest sequence a legacy id keeps). */
export const PLACEHOLDER_USER_NUMBER = 9_999_999_999_999n;
export const PLACEHOLDER_USER_ID = idFromNumber('user', PLACEHOLDER_USER_NUMBER);

/** A post without PostHistory rows gets one revision, numbered this plus the post's id. */
export const POST_REVISION_OFFSET = 5_000_000_000_000n;

/** A tag that posts name but Tags.xml lacks is numbered this plus its place among such tags by name. */
export const SYNTHETIC_TAG_OFFSET = 1_000_000_000_000n;

/** The member a dump's user id stands for: the placeholder when the dump no longer has that user. */
export function memberId(userId: string | null, known: boolean | null): string {
  return userId !== null && known ? idFromNumber('user', userId) : PLACEHOLDER_USER_ID;
}
