/**
 * The run itself: each virtual user, from the same moment, waits its think time, picks an action by weight, sends
 * its request and notes the answer, until the duration is over (as k6's constant-vus executor runs the k6 scripts).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { succeeded } from '../../infra/k6/lib/api.js';
import { pickWeighted, thinkSeconds } from '../../infra/k6/lib/random.js';
import { actionsFor, newUser, requestOf, type Scenario, type SetupData } from '../../infra/k6/lib/scenarios.js';
import { sendRequest } from './send';

/** One answered (or failed) request of the run. */
export interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
  status: number;
}

export interface RunOptions {
  scenario: Scenario;
  data: SetupData;
  users: number;
  durationSeconds: number;
  target: string;
}

export interface RunOutcome {
  samples: Sample[];
  seconds: number;
  /** The first few failures as they were seen (status, message), to tell what failed. */
  failures: string[];
}

const FAILURES_KEPT = 10;

export async function runVirtualUsers(options: RunOptions): Promise<RunOutcome> {
  const { scenario, data } = options;
  const actions = actionsFor(scenario, data);
  const samples: Sample[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const endsAt = started + options.durationSeconds * 1000;

  async function runUser(id: number) {
    const user = newUser(id, data, Math.random);
    for (;;) {
      // A visitor reads before clicking, the first time too: the users arrive over their first think time, not all
      // within one millisecond.
      const pause = Math.min(thinkSeconds(scenario.thinkSeconds, user.random) * 1000, endsAt - performance.now());
      if (pause > 0) await sleep(pause);
      if (performance.now() >= endsAt) break;
      const action = pickWeighted(actions, user.random);
      const request = requestOf(action, user);
      const response = await sendRequest(options.target, request);
      const ok = !response.error && succeeded(response);
      samples.push({ kind: action.kind, ms: response.ms, ok, status: response.status });
      if (!ok && failures.length < FAILURES_KEPT) {
        const body = response.body as { msg?: string } | null;
        failures.push(
          `${action.kind} ${request.method} ${request.path}: ${response.error ?? response.status} ${body?.msg ?? ''}`.trim(),
        );
      }
      action.record?.(user, request, response);
    }
  }

  await Promise.all(Array.from({ length: options.users }, (_, i) => runUser(i + 1)));
  return { samples, seconds: (performance.now() - started) / 1000, failures };
}
