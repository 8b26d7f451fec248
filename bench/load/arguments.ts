/** `npm run load -- <scenario> [--users N] [--duration D] [--target URL]`, read and checked. */
import { parseArgs } from 'node:util';
import { SCENARIO_NAMES, SCENARIOS, type Scenario } from '../../infra/k6/lib/scenarios.js';

export const USAGE = `Usage: npm run load -- <scenario> [--users N] [--duration D] [--target URL]
  scenario     ${SCENARIO_NAMES.join(', ')}
  --users      virtual users (default: the scenario's, as k6 runs it)
  --duration   how long they keep going: 30s, 5m, 1h (default: the scenario's)
  --target     the Agora to load (default http://127.0.0.1:<port of npm start>)
Members' scenarios sign in as an admin to create their members: AGORA_LOAD_ADMIN_EMAIL, AGORA_LOAD_ADMIN_PASSWORD.
`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface LoadArguments {
  scenario: Scenario;
  users: number;
  durationSeconds: number;
  target: string;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

/** Seconds of a k6-style duration (`30s`, `5m`, `1h`, or a number of seconds). */
export function durationSeconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (UNIT_SECONDS[match[2] ?? 's'] ?? 1) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UsageError(`--duration must be like 30s, 5m or 1h, got ${text}`);
  return seconds;
}

function isScenarioName(name: string): name is keyof typeof SCENARIOS {
  return (SCENARIO_NAMES as string[]).includes(name);
}

export function parseLoadArguments(argv: string[], defaultTarget: string): LoadArguments {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      users: { type: 'string' },
      duration: { type: 'string' },
      target: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [name, ...rest] = positionals;
  if (!name || rest.length) throw new UsageError('Name one scenario');
  if (!isScenarioName(name)) throw new UsageError(`Unknown scenario ${name}`);
  const scenario = SCENARIOS[name];
  const users = values.users === undefined ? scenario.users : Number(values.users);
  if (!Number.isInteger(users) || users < 1)
    throw new UsageError(`--users must be a whole number from 1, got ${values.users}`);
  const target = (values.target ?? defaultTarget).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(target)) throw new UsageError(`--target must be an http(s) URL, got ${target}`);
  return { scenario, users, durationSeconds: durationSeconds(values.duration ?? scenario.duration), target };
}
