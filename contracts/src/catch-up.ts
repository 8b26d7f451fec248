/** Reading one's own writes across services (docs/adr/0044-catching-up.md), named once for services and gateway. */
export const CatchUp = {
  /**
   * How long a command waits for another service's events that it depends on, and the gateway for a
   * revocation to reach every service, before each goes on with what it knows.
   */
  timeoutMs: 2_500,
  /** The internal route of every service that waits for one of its projections (the gateway's, never public). */
  route: '/internal/catch-up',
  /**
   * Set by identity on a reply whose command revoked sessions or changed what they may do; the gateway then
   * has every service's session facts catch up before it answers, and never passes the header on.
   */
  sessionsChangedHeader: 'x-agora-sessions-changed',
  /** The projection of identity's events every service checks sessions against. */
  actorsProjection: 'actors',
} as const;
