import { type Static, Type } from 'typebox';

/**
 * What the admin's permanent delete (`DELETE {admin}/delete/permanently`) purges: everything of that type that
 * is already soft-deleted. `users` is identity's to purge, `questions` and `answers` posts' (the gateway routes
 * the request by this field); docs/adr/0078-purging-in-an-event-sourced-system.md.
 */
export const PurgeTypeSchema = Type.Union([Type.Literal('users'), Type.Literal('questions'), Type.Literal('answers')]);
export type PurgeType = Static<typeof PurgeTypeSchema>;
export const DeletePermanentlyRequestSchema = Type.Object({ type: PurgeTypeSchema });
export type DeletePermanentlyRequest = Static<typeof DeletePermanentlyRequestSchema>;

/** The admin route that purges, below the admin prefix. */
export const DELETE_PERMANENTLY_PATH = 'delete/permanently';

/** What a purge leaves of a free-text or personal field in the event store's copy of a purged object. */
export const REDACTED = '';
