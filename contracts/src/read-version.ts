/**
 * A service's read-model version as the gateway's page cache checks it (docs/adr/0071-public-page-caching.md),
 * named once for services and gateway.
 */
export const ReadVersion = {
  /** The internal route of every service answering its current version (the gateway's, never public). */
  route: '/internal/read-version',
  /**
   * Set on a reply that is a function of the read models at that version (a shared reply, the site settings): while
   * the service answers the same version, the same request gets the same bytes. The gateway never passes it on.
   */
  header: 'x-agora-read-version',
} as const;
