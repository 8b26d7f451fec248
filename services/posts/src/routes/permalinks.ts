import { resolveLegacyId } from '@agora/contracts/import/legacy-ids';
import type { HttpApp } from '@agora/platform';
import { postOfNumber } from '../queries/legacy-ids';
import type { PostsReads } from '../queries/reads';
import { normalizeIds, withPermalinkIds } from '../responses/permalink-ids';

/**
 * Permalinks: every endpoint takes a question or answer id in either form, or in the form an imported site's old
 * links have (docs/adr/0094-importing-a-community.md), and with the short-id permalink settings (3 and 4) answers
 * carry short ids for questions and answers.
 */
export async function permalinkHooks(app: HttpApp, reads: PostsReads) {
  const currentPermalink = async () => (await reads.settings()).seo.permalink;

  app.addHook('preValidation', async (request) => {
    const plain = [...normalizeIds(request.query), ...normalizeIds(request.body)];
    // Plain numbers are a Stack Exchange site's ids; asked only when a request gives one.
    if (plain.length === 0 || (await reads.legacyIdStyle()) !== 'stackexchange') return;
    for (const { record, field, number, type } of plain) {
      const id = type ? resolveLegacyId(number, type, 'stackexchange') : await postOfNumber(reads.db, number);
      if (id) record[field] = id;
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Only successful replies carry ids; an error reply (a 503 with the database gone) must not need it.
    if (reply.statusCode >= 300) return payload;
    if (typeof payload !== 'string' || !request.url.startsWith('/answer/api/v1/')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    return withPermalinkIds(payload, await currentPermalink());
  });
}
