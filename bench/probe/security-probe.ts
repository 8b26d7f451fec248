/** `npm run probe:security -- [--target URL] [--member-email E --member-password P] [...]`: see USAGE. */
import { parseArgs } from 'node:util';
import { Limits } from '@agora/contracts';
import { CONNECTION_LIMIT_DEFAULTS } from '@agora/platform';
import { formatReport, runProbe } from './probe';

const USAGE = `Usage: npm run probe:security -- [options]
Probes a running Agora from outside, as an attacker would, and exits 1 if anything holds that should not.
It changes nothing it does not make itself, but the mail check registers three accounts (probe-<run>-N@example.com)
and asks e-mail-change codes for them: probe a site you own, and remove them afterwards on a live one.
  --target URL                 the Agora to probe (default http://127.0.0.1:9080; only this machine's addresses)
  --member-email, --member-password
                               a plain member, for the member half of the authorisation matrix and deep bodies
  --request-timeout-ms N       the site's AGORA_REQUEST_TIMEOUT_MS (default ${CONNECTION_LIMIT_DEFAULTS.requestTimeoutMs})
  --connections-per-address N  the site's AGORA_CONNECTIONS_PER_ADDRESS, to check it (default: not checked)
  --mail-budget N              account mails one mailbox may get in an hour (default ${Limits.email.perRecipientHour})
  --help                       this text
`;

function main(): Promise<number> | number {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        target: { type: 'string' },
        'member-email': { type: 'string' },
        'member-password': { type: 'string' },
        'request-timeout-ms': { type: 'string' },
        'connections-per-address': { type: 'string' },
        'mail-budget': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 64;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const number = (name: string, fallback: number | undefined) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number from 1`);
    return value;
  };
  const email = values['member-email'];
  const password = values['member-password'];
  return runProbe({
    target: String(values.target ?? 'http://127.0.0.1:9080').replace(/\/+$/, ''),
    member: typeof email === 'string' && typeof password === 'string' ? { email, password } : undefined,
    requestTimeoutMs: number('request-timeout-ms', CONNECTION_LIMIT_DEFAULTS.requestTimeoutMs) as number,
    connectionsPerAddress: number('connections-per-address', undefined),
    mailBudget: number('mail-budget', Limits.email.perRecipientHour) as number,
  }).then((results) => {
    process.stdout.write(`${formatReport(results)}\n`);
    return results.some((r) => r.failures.length > 0) ? 1 : 0;
  });
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`probe:security: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
