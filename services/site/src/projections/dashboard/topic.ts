/** The dashboard's tables are a change-feed topic of their own (docs/adr/0032-change-feed-topics.md). */
export const DASHBOARD_TOPIC = 'dashboard';
