import type { Language, SiteSettings } from '@agora/contracts';
import { ok, stampReadVersion } from '@agora/platform';
import type { PostsReads } from '../queries/reads';
import { withPermalinkIds } from './permalink-ids';

interface Reply {
  /** The route's own serialiser for a 200. */
  serialize(payload: unknown): string | ArrayBuffer | Buffer;
  type(contentType: string): Reply;
  header(name: string, value: string): unknown;
}

/**
 * The bytes of a reply that is the same for everyone who asks in one language (a question list page; a
 * question or its answers as an anonymous visitor sees them): serialised once by the route's own
 * response schema, with ids in the permalink form, and kept until the read models change (site settings
 * included). A hit then costs no serialisation, which at 16 concurrent readers was most of what the
 * cached reads allocated (and so most of their garbage-collection pauses). The reply carries the version it was
 * kept under (docs/adr/0071-public-page-caching.md) unless `counted`: a read that counts each request (a
 * question's views) must reach the service every time, so the gateway may not stand in for it.
 */
export async function sendSharedReply<R extends Reply>(
  reads: PostsReads,
  request: { language: Language },
  reply: R,
  key: string,
  data: (settings: SiteSettings) => Promise<unknown>,
  options: { counted?: boolean } = {},
): Promise<R> {
  // Taken before the read: bytes loaded while the version moved are marked with the older one, so never trusted.
  const version = reads.versionToken;
  const body = await reads.cached(`reply:${request.language}:${key}`, async () => {
    // Read inside the load, so the settings are at least as new as the version the bytes are kept under.
    const settings = await reads.settings();
    const json = String(reply.serialize(ok(request, await data(settings))));
    return Buffer.from(withPermalinkIds(json, settings.seo.permalink));
  });
  if (!options.counted) stampReadVersion(reply, version);
  // Bytes skip the route's serialiser; the typed reply only knows the envelope.
  (reply.type('application/json; charset=utf-8') as unknown as { send(payload: Buffer): void }).send(body);
  return reply;
}
