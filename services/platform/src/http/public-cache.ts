import { createHash } from 'node:crypto';
import { Limits } from '@agora/contracts';

/**
 * What a CDN may do with a reply that is the same for every visitor (a public page, a sitemap): keep it a short
 * while, serve the old copy while it asks again, and ask with the ETag (docs/adr/0071-public-page-caching.md).
 */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${Limits.publicCache.maxAgeSeconds}, stale-while-revalidate=${Limits.publicCache.staleWhileRevalidateSeconds}`;

/** A reply drawn for one member: no shared cache keeps it, and no browser stores it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** A strong ETag of a reply's bytes: any change of the bytes changes it. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether the caller's `If-None-Match` names `etag` (or `*`): then a 304 answers it. */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const listed = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',');
  return listed.some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
