/** The dashboard's tables are a change-feed topic of their own (docs/adr/0032-change-feed-topics.md). */
export const DASHBOARD_TOPIC = 'dashboard';

/**
 * No reply waits on the dashboard's counts: each of its projections applies what arrived within this long in one
 * transaction, not one transaction per vote, answer or sign-up (docs/adr/0082-lingering-projections.md).
 */
export const DASHBOARD_LINGER_MS = 1000;

/**
 * At most this many events per transaction: a consumer's open transaction holds every consumer's fence back
 * (DESIGN §3), so under a burst (16 askers back to back) the dashboard applies short batches one after another
 * and lingers only once it has caught up (docs/adr/0082-lingering-projections.md).
 */
export const DASHBOARD_BATCH_SIZE = 50;
