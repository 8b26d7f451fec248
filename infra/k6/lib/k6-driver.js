/**
 * A k6 script of one scenario of `scenarios.js`: k6's options (virtual users, duration, thresholds), its setup
 * (`setup.js`, sent with `k6/http`) and one iteration (one weighted request, then the think time). Settings come
 * from k6's environment (`k6 run -e BASE_URL=... -e USERS=...`, infra/k6/README.md).
 */
import { sleep } from 'k6';
import http from 'k6/http';
import { pickWeighted, thinkSeconds } from './random.js';
import { actionsFor, newUser, requestOf, SCENARIOS } from './scenarios.js';
import { MEMBER_PASSWORD, prepare, runSynchronously } from './setup.js';

const DEFAULT_BASE_URL = 'http://127.0.0.1:9080';

function env(name, fallback) {
  const value = __ENV[name];
  return value === undefined || value === '' ? fallback : value;
}

/** One request as k6 sends it, tagged with its kind; the answer as the scenarios read it. */
function sendWithK6(baseUrl, request, tags) {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (request.token) headers.Authorization = request.token;
  const body = request.body === undefined ? null : JSON.stringify(request.body);
  const response = http.request(request.method, `${baseUrl}${request.path}`, body, { headers, tags });
  let parsed = null;
  try {
    parsed = response.json();
  } catch (_error) {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

/** `{ options, setup, iteration }` of the named scenario, for a script to export. */
export function k6Script(name) {
  const scenario = SCENARIOS[name];
  const baseUrl = env('BASE_URL', DEFAULT_BASE_URL).replace(/\/+$/, '');
  const users = Number(env('USERS', scenario.users));
  const run = { phase: 'run' };
  const options = {
    scenarios: {
      [scenario.name]: { executor: 'constant-vus', vus: users, duration: env('DURATION', scenario.duration) },
    },
    // The setup signs in one member per user: give it time on a large run.
    setupTimeout: '10m',
    thresholds: {
      'http_req_duration{phase:run}': [`p(95)<${scenario.thresholds.p95Ms}`, `p(99)<${scenario.thresholds.p99Ms}`],
      'http_req_failed{phase:run}': [`rate<${scenario.thresholds.errorRate}`],
    },
  };
  let user = null;
  return {
    options,
    setup() {
      const settings = {
        users,
        adminEmail: env('ADMIN_EMAIL', ''),
        adminPassword: env('ADMIN_PASSWORD', ''),
        memberPassword: env('MEMBER_PASSWORD', MEMBER_PASSWORD),
        memberPrefix: env('MEMBER_PREFIX', 'load-member'),
        runId: env('RUN_ID', Date.now().toString(36)),
      };
      return runSynchronously(prepare(scenario, settings), (request) =>
        sendWithK6(baseUrl, request, { phase: 'setup' }),
      );
    },
    iteration(data) {
      // Module state is each virtual user's own in k6: the user is made on its first iteration.
      if (!user) user = { ...newUser(__VU, data, Math.random), actions: actionsFor(scenario, data) };
      // A visitor reads before clicking, the first time too: the users arrive over their first think time, not all
      // within one millisecond of the start.
      sleep(thinkSeconds(scenario.thinkSeconds, user.random));
      const action = pickWeighted(user.actions, user.random);
      const request = requestOf(action, user);
      const response = sendWithK6(baseUrl, request, { ...run, kind: action.kind });
      if (action.record) action.record(user, request, response);
    },
  };
}
