import { type HttpApp, isShortId, longIdOf, type ServiceContext, toShortId } from '@agora/platform';

const ID_FIELDS = ['id', 'question_id', 'answer_id', 'object_id'];
/** A question's or an answer's long id, standing alone as a JSON string. */
const POST_ID_IN_JSON = /"(100[12]\d{19})"/g;

/** A JSON reply with its question and answer ids in the form the permalink setting asks for. */
export function withPermalinkIds(json: string, permalink: number): string {
  return permalink < 3 ? json : json.replace(POST_ID_IN_JSON, (_whole, id: string) => `"${toShortId(id)}"`);
}

function normalizeIds(input: unknown): void {
  if (!input || typeof input !== 'object') return;
  const record = input as Record<string, unknown>;
  for (const field of ID_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && isShortId(value)) record[field] = longIdOf(value) ?? value;
  }
}

/**
 * Permalinks (behaviour §11a): every endpoint takes a question or answer id in either form, and with
 * the short-id permalink settings (3 and 4) answers carry short ids for questions and answers.
 */
export async function permalinkHooks(app: HttpApp, context: ServiceContext) {
  const currentPermalink = async () => (await context.siteSettings()).seo.permalink;

  app.addHook('preValidation', async (request) => {
    normalizeIds(request.query);
    normalizeIds(request.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Only successful replies carry ids; an error reply (a 503 with the database gone) must not need it.
    if (reply.statusCode >= 300) return payload;
    if (typeof payload !== 'string' || !request.url.startsWith('/answer/api/v1/')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    return withPermalinkIds(payload, await currentPermalink());
  });
}
