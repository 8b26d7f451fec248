/**
 * One request of a scenario, sent by autocannon (one connection, one request) and timed by it: the status, the
 * parsed JSON body and the milliseconds from writing the request to its whole answer.
 */
import autocannon from 'autocannon';
import type { LoadRequest, LoadResponse } from '../../infra/k6/lib/api.js';

export interface TimedResponse extends LoadResponse {
  ms: number;
  /** Set when no answer came: refused connection, reset, timeout. */
  error?: string;
}

/** A request still without an answer after this long counts as failed. */
const TIMEOUT_SECONDS = 30;

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

export async function sendRequest(baseUrl: string, request: LoadRequest): Promise<TimedResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.token) headers.authorization = request.token;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const answer: TimedResponse = { status: 0, body: null, ms: 0 };
  const instance = autocannon({
    url: baseUrl,
    connections: 1,
    amount: 1,
    timeout: TIMEOUT_SECONDS,
    bailout: 1,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        onResponse: (status, body) => {
          answer.status = status;
          answer.body = parsed(body);
        },
      },
    ],
  });
  // Answered as soon as the response is in: autocannon itself would end the run only at its next sampling tick.
  await new Promise<void>((resolve) => {
    instance.on('response', (_client, _status, _bytes, ms) => {
      answer.ms = ms;
      resolve();
    });
    instance.on('reqError', (error) => {
      answer.error = error.message;
      resolve();
    });
    instance.then(() => resolve());
  });
  instance.stop();
  if (answer.status === 0 && !answer.error) answer.error = 'no answer';
  return answer;
}
