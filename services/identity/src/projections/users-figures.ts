/**
 * The lock group of the projections that write members' figures into `users` (reputation from votes, question
 * and answer counts from posts): they take turns instead of locking rows in opposite orders
 * (docs/adr/0005-projection-batches.md).
 */
export const USERS_FIGURES_WRITERS = 'users-figures';
