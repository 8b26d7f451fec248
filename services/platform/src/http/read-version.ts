import { ReadVersion } from '@agora/contracts';
import type { HttpApp } from './app';

/** What a read-version token comes from: a service's change feed (ChangeFeed.token). */
export interface ReadVersionSource {
  readonly token: string | null;
}

/**
 * The internal route answering the service's read-model version (docs/adr/0071-public-page-caching.md):
 * the gateway's page cache compares it with the versions stamped on the reads a kept page was drawn from.
 */
export function registerReadVersion(app: HttpApp, source: ReadVersionSource): void {
  app.get(ReadVersion.route, { config: { auth: 'none' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(source.token ?? ''),
  );
}

/**
 * Marks a reply as drawn from the read models at `token` (taken before the read): while the service answers the
 * same token, the same request gets the same bytes. No token (changes cannot be heard), no mark.
 */
export function stampReadVersion(reply: { header(name: string, value: string): unknown }, token: string | null): void {
  if (token) reply.header(ReadVersion.header, token);
}
