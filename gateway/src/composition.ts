import type { RouteMatch } from './routing-table';
import type { ForwardResponse, ServiceTransport } from './transports';

/** The caller's votes and bookmarks under one question, as the votes service's internal route answers. */
export interface CallerState {
  votes: Record<string, 'vote_up' | 'vote_down'>;
  bookmarks: string[];
}

type Item = Record<string, unknown>;

const onQuestion = (question: Item | undefined, state: CallerState) => {
  if (!question || typeof question.id !== 'string') return;
  question.vote_status = state.votes[question.id] ?? '';
  question.collected = state.bookmarks.includes(question.id);
};
const onAnswer = onQuestion;
const onComment = (comment: Item, state: CallerState) => {
  if (typeof comment.comment_id === 'string') comment.is_vote = state.votes[comment.comment_id] === 'vote_up';
};
const list = (data: Item) => (Array.isArray(data.list) ? (data.list as Item[]) : []);

/**
 * Public reads owned by posts whose answers carry the caller's own vote and bookmark state, owned by
 * votes (DESIGN §2): the query parameter naming the post, and how the state goes into the answer.
 */
const COMPOSED: Record<string, { param: string; merge: (data: Item, state: CallerState) => void }> = {
  'question/info': { param: 'id', merge: (data, state) => onQuestion(data, state) },
  'answer/info': {
    param: 'id',
    merge: (data, state) => {
      onAnswer(data.info as Item | undefined, state);
      onQuestion(data.question as Item | undefined, state);
    },
  },
  'answer/page': {
    param: 'question_id',
    merge: (data, state) => {
      for (const answer of list(data)) onAnswer(answer, state);
    },
  },
  'comment/page': {
    param: 'object_id',
    merge: (data, state) => {
      for (const comment of list(data)) onComment(comment, state);
    },
  },
};

/**
 * Starts fetching the caller's state from votes, alongside the forward to posts, when the route is one
 * that shows it and the caller brings a token; resolves to null otherwise or when votes cannot answer,
 * and the page keeps its defaults (no vote, not bookmarked).
 */
export function fetchCallerState(
  route: RouteMatch | undefined,
  request: { method: string; url: string },
  headers: Record<string, string>,
  votes: ServiceTransport | undefined,
): Promise<CallerState | null> | null {
  const composed = route?.area === 'api' && request.method === 'GET' ? COMPOSED[route.rest] : undefined;
  if (!composed || !votes || !headers.authorization) return null;
  const objectId = new URL(request.url, 'http://gateway').searchParams.get(composed.param);
  if (!objectId || !/^[0-9]{1,64}$/.test(objectId)) return null;
  return votes
    .forward({
      method: 'GET',
      url: `/internal/votes/state?object_id=${objectId}`,
      headers: { authorization: headers.authorization, 'x-request-id': headers['x-request-id'] ?? '' },
      body: undefined,
    })
    .then((response) => (response.status === 200 ? (JSON.parse(response.body.toString('utf8')) as CallerState) : null))
    .catch(() => null);
}

/** Writes the caller's state into a successful answer of a composed route. */
export function withCallerState(route: RouteMatch, response: ForwardResponse, state: CallerState | null) {
  const composed = COMPOSED[route.rest];
  if (!composed || !state || response.status !== 200) return response;
  try {
    const body = JSON.parse(response.body.toString('utf8')) as { data?: Item | null };
    if (!body.data || typeof body.data !== 'object') return response;
    composed.merge(body.data, state);
    return { ...response, body: Buffer.from(JSON.stringify(body)) };
  } catch {
    return response;
  }
}
