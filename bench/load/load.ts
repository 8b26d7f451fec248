/**
 * npm run load -- <scenario> [--users N] [--duration D] [--target URL]
 *
 * Runs one of the k6 scenarios (infra/k6/lib/scenarios.js) against a running Agora with autocannon sending the
 * requests, and writes bench/results/load-<scenario>.json: requests, requests per second, p50/p95/p99 per request
 * kind and overall, the error rate and whether the scenario's thresholds were met. Exits 1 when one was not.
 */
import os from 'node:os';
import { configFileOf, loadConfig } from '@agora/platform';
import { MEMBER_PASSWORD } from '../../infra/k6/lib/setup.js';
import { machine, writeResults } from '../support';
import { parseLoadArguments, USAGE, UsageError } from './arguments';
import { loadReport } from './report';
import { runSetup } from './run-setup';
import { runVirtualUsers } from './virtual-users';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
let args: ReturnType<typeof parseLoadArguments>;
try {
  // The port `npm start` listens on: from the environment or the data directory's config file, as the launcher reads it.
  const { port } = loadConfig({ file: configFileOf(process.env) });
  args = parseLoadArguments(process.argv.slice(2), `http://127.0.0.1:${port}`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(error instanceof UsageError || error instanceof TypeError ? 2 : 1);
}

const { scenario, users, durationSeconds, target } = args;
const runId = Date.now().toString(36);
process.stdout.write(`${scenario.name}: setting up on ${target} (${users} users)\n`);
const data = await runSetup(target, scenario, {
  users,
  adminEmail: process.env.AGORA_LOAD_ADMIN_EMAIL ?? '',
  adminPassword: process.env.AGORA_LOAD_ADMIN_PASSWORD ?? '',
  memberPassword: process.env.AGORA_LOAD_MEMBER_PASSWORD || MEMBER_PASSWORD,
  memberPrefix: 'load-member',
  runId,
}).catch((error: Error) => {
  process.stderr.write(`${scenario.name}: setup failed: ${error.message}\n`);
  process.exit(1);
});
process.stdout.write(
  `${scenario.name}: ${data.questionIds.length} questions, ${data.answerIds.length} answers, ${data.tagSlugs.length} tags, ${data.members.length} members; running ${durationSeconds} s\n`,
);
const outcome = await runVirtualUsers({ scenario, data, users, durationSeconds, target });
const report = loadReport(scenario, outcome.samples, outcome.seconds);
const file = writeResults(`load-${scenario.name}`, {
  scenario: scenario.name,
  description: scenario.description,
  tool: 'npm run load (autocannon sends each request; the k6 scripts run the same definitions)',
  target,
  users,
  duration_s: Math.round(outcome.seconds * 10) / 10,
  think_s: scenario.thinkSeconds,
  // Other work on the machine during the run (1-minute load average at its end), which a latency figure carries.
  machine: { ...machine(), load_average_1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100 },
  site_read_by_setup: {
    questions: data.questionIds.length,
    answers: data.answerIds.length,
    tags: data.tagSlugs.length,
    members_created: data.members.length,
  },
  recorded_at: new Date().toISOString(),
  ...report,
  first_failures: outcome.failures,
});
const { overall, thresholds } = report;
process.stdout.write(
  `${scenario.name}: ${overall.requests} requests, ${overall.rps}/s, p50 ${overall.p50_ms} ms, p95 ${overall.p95_ms} ms, p99 ${overall.p99_ms} ms, errors ${(overall.error_rate * 100).toFixed(2)} %; thresholds ${thresholds.all_met ? 'met' : 'NOT met'}\n${file}\n`,
);
for (const failure of outcome.failures) process.stdout.write(`  failed: ${failure}\n`);
process.exit(thresholds.all_met ? 0 : 1);
