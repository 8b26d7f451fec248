import type { RouteMatch } from './routing-table';
import type { ForwardResponse, ServiceTransport } from './transports';

/**
 * The red dot (`notification/status`, notifications') carries the review to-do count, which is
 * moderation's: fetched from its `reviewing/type` beside the forward, for a caller with a token, and summed into
 * `revision`. Resolves to null when the route is another, there is no token, or moderation cannot answer: the
 * red dot then keeps what notifications said.
 */
export function fetchReviewCount(
  route: RouteMatch | undefined,
  request: { method: string },
  headers: Record<string, string>,
  moderation: ServiceTransport | undefined,
): Promise<number | null> | null {
  if (route?.area !== 'api' || route.rest !== 'notification/status' || request.method !== 'GET') return null;
  if (!moderation || !headers.authorization) return null;
  return moderation
    .forward({
      method: 'GET',
      url: '/answer/api/v1/reviewing/type',
      headers: {
        authorization: headers.authorization,
        'accept-language': headers['accept-language'] ?? '',
        'x-request-id': headers['x-request-id'] ?? '',
      },
      body: undefined,
    })
    .then((response) => {
      if (response.status !== 200) return null;
      const body = JSON.parse(response.body.toString('utf8')) as { data?: { todo_amount?: unknown }[] };
      if (!Array.isArray(body.data)) return null;
      return body.data.reduce((sum, type) => sum + (typeof type.todo_amount === 'number' ? type.todo_amount : 0), 0);
    })
    .catch(() => null);
}

/** Writes the review count into a successful red dot. */
export function withReviewCount(response: ForwardResponse, count: number | null): ForwardResponse {
  if (count === null || response.status !== 200) return response;
  try {
    const body = JSON.parse(response.body.toString('utf8')) as { data?: Record<string, unknown> | null };
    if (!body.data || typeof body.data !== 'object') return response;
    body.data.revision = count;
    return { ...response, body: Buffer.from(JSON.stringify(body)) };
  } catch {
    return response;
  }
}
