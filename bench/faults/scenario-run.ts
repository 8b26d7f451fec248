/**
 * A scenario of infra/k6/lib/scenarios.js run as it is defined (its actions, weights and think time, or none for
 * a closed loop), its users spread over the gateways given: the replica runs' reads and the budget's mixed run.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { succeeded } from '../../infra/k6/lib/api.js';
import { pickWeighted, thinkSeconds } from '../../infra/k6/lib/random.js';
import { actionsFor, newUser, requestOf, type Scenario, type SetupData } from '../../infra/k6/lib/scenarios.js';
import type { GatewayClient } from './client';
import type { TimedSample } from './timeline';

export interface ScenarioRun {
  samples: TimedSample[];
  seconds: number;
  /** The first failures, to tell what failed. */
  failures: string[];
}

export async function runScenario(options: {
  client: GatewayClient;
  scenario: Scenario;
  data: SetupData;
  users: number;
  seconds: number;
  think: { min: number; max: number };
}): Promise<ScenarioRun> {
  const { client, scenario, data } = options;
  const actions = actionsFor(scenario, data);
  const samples: TimedSample[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const endsAt = started + options.seconds * 1000;

  async function runUser(id: number) {
    const user = newUser(id, data, Math.random);
    let gateway = id;
    for (;;) {
      // Thinking first, as the k6 scripts do: users arrive over their first think time (a closed loop has none).
      const pause = Math.min(thinkSeconds(options.think, user.random) * 1000, endsAt - performance.now());
      if (pause > 0) await sleep(pause);
      if (performance.now() >= endsAt) break;
      const action = pickWeighted(actions, user.random);
      const request = requestOf(action, user);
      const at = performance.now() - started;
      const answer = await client.send(gateway, request);
      const ok = !answer.error && succeeded(answer);
      samples.push({
        at,
        ms: answer.ms,
        ok,
        kind: action.kind,
        status: answer.status,
        resent: answer.retriedAfter !== undefined,
      });
      if (!ok && failures.length < 10)
        failures.push(`${action.kind} ${request.method} ${request.path}: ${answer.error ?? answer.status}`);
      if (answer.status === 0 || answer.retriedAfter) gateway += 1;
      action.record?.(user, request, answer);
    }
  }

  await Promise.all(Array.from({ length: options.users }, (_, i) => runUser(i + 1)));
  return { samples, seconds: (performance.now() - started) / 1000, failures };
}
