/** Reading one's own writes across services (docs/adr/0044-catching-up.md), named once for services and gateway. */
export const CatchUp = {
  /**
   * How long a command waits for another service's events that it depends on, and the gateway for a
   * revocation to reach every service, before each goes on with what it knows.
   */
  timeoutMs: 2_500,
  /**
   * The whole wait while the consumer waited for keeps applying events: `timeoutMs` bounds only a wait in which it
   * does not move (docs/adr/0092-ready-when-caught-up.md). Under the gateway's 10 s for a service's reply.
   */
  maxMs: 8_000,
  /**
   * An object another service owns that a command names and this one has not heard of, on Kafka: while its id was
   * minted this recently it may still be on its way (the broker restarting, the source's relay behind), so the
   * answer is 503 to try again, never a 404 for an object that exists. (On the PostgreSQL log a catch-up sees every
   * committed event, so an object unknown after it does not exist.)
   */
  unknownWhileMintedWithinMs: 5 * 60_000,
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
