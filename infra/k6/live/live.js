/**
 * Live pages under load (docs/adr/0099-live-pages.md), for operators: every virtual user holds one server-sent event
 * stream on a question's page (`{base}/api/v1/live?topics=question:<id>`) for HOLD seconds, then opens it again,
 * counting the messages it gets and how long its first event took. Run the writing scenario beside it to have
 * something to watch: `k6 run infra/k6/writing.js` (its answers, comments and votes reach these streams).
 *
 * k6 has no EventSource of its own: build it with the SSE extension first (github.com/phymbert/xk6-sse):
 *   xk6 build --with github.com/phymbert/xk6-sse
 *   ./k6 run -e BASE_URL=https://staging.example.com -e STREAMS=2000 infra/k6/live/live.js
 * A staging site's proxy must pass streams on unbuffered (README, "Live pages behind a proxy"); one address opens at
 * most 32 streams, so a load generator behind one address needs the gateway's limit raised or several addresses.
 */

import { check } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { setTimeout } from 'k6/timers';
import sse from 'k6/x/sse';

const BASE_URL = (__ENV.BASE_URL ?? 'http://127.0.0.1:9080').replace(/\/$/, '');
const API = `${BASE_URL}/answer/api/v1`;
const HOLD_SECONDS = Number(__ENV.HOLD ?? 60);

export const options = {
  scenarios: {
    streams: {
      executor: 'constant-vus',
      vus: Number(__ENV.STREAMS ?? 500),
      duration: __ENV.DURATION ?? '5m',
      gracefulStop: `${HOLD_SECONDS + 5}s`,
    },
  },
  thresholds: {
    checks: ['rate>0.999'],
    live_first_event_ms: ['p(95)<500', 'p(99)<1000'],
  },
};

const firstEvent = new Trend('live_first_event_ms', true);
const messages = new Counter('live_messages');
const reconnects = new Counter('live_reconnects_asked');

/** The questions to watch: the first page of the active list. */
export function setup() {
  const response = http.get(`${API}/question/page?page=1&page_size=50&order=active`);
  const list = response.json('data.list') ?? [];
  if (list.length === 0) throw new Error(`no questions at ${BASE_URL}: seed the site first`);
  return { questions: list.map((q) => q.id) };
}

export default function (data) {
  const question = data.questions[__VU % data.questions.length];
  const url = `${API}/live?topics=${encodeURIComponent(`question:${question}`)}`;
  const opened = Date.now();
  let first = true;
  const response = sse.open(url, { tags: { kind: 'live' } }, (client) => {
    setTimeout(() => client.close(), HOLD_SECONDS * 1000);
    client.on('event', (event) => {
      if (first) {
        firstEvent.add(Date.now() - opened);
        first = false;
      }
      if (event.name === 'reconnect' || event.name === 'reload') {
        reconnects.add(1);
        client.close();
      } else if (!event.name || event.name === 'message') messages.add(1);
    });
    client.on('error', () => client.close());
  });
  check(response, { 'stream opened (200)': (r) => r && r.status === 200 });
}
