import { probeAuthorisation } from './checks/authorisation';
import { probeDeepJson } from './checks/deep-json';
import { probeLoginState } from './checks/login-state';
import { probeMailLimit } from './checks/mail-limit';
import { probePaths } from './checks/paths';
import { probeConnectionLimit, probeSlowClients } from './checks/slow-body';
import { API, call } from './http';
import type { CheckResult } from './report';

export interface ProbeOptions {
  /** The Agora under probe: `http://127.0.0.1:9080`. Only this machine's addresses may be probed. */
  target: string;
  /** A plain member's account, for the member half of the authorisation matrix. */
  member?: { email: string; password: string };
  /** The site's request time (AGORA_REQUEST_TIMEOUT_MS), which a slow body must not outlive. */
  requestTimeoutMs: number;
  /** When set, the probe opens this many connections and expects the next refused. */
  connectionsPerAddress?: number;
  /** Account mails one mailbox may receive in an hour (`mail_recipient_hour`). */
  mailBudget: number;
}

export const CHECK_NAMES = [
  'paths',
  'slow-clients',
  'deep-json',
  'mail-limit',
  'login-state',
  'authorisation',
  'connection-limit',
] as const;

async function memberToken(options: ProbeOptions): Promise<string | undefined> {
  if (!options.member) return undefined;
  const signedIn = await call(options.target, 'POST', `${API}/user/login/email`, {
    body: { e_mail: options.member.email, pass: options.member.password },
  });
  const token = signedIn.json?.data?.access_token;
  if (signedIn.status !== 200 || typeof token !== 'string') {
    throw new Error(`the member could not sign in: ${signedIn.status} ${signedIn.json?.msg ?? ''}`);
  }
  return token;
}

/**
 * Probes a running Agora from outside as an attacker would (issue 45 item 9): paths past the gateway, slow clients,
 * deep bodies, mail to one mailbox, login state, and the authorisation matrix of every published operation.
 */
export async function runProbe(options: ProbeOptions): Promise<CheckResult[]> {
  const host = new URL(options.target).hostname;
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(host)) {
    throw new Error(`only this machine's addresses may be probed, not ${host}`);
  }
  const token = await memberToken(options);
  // The slow clients take the request time: probed beside the rest, on two connections.
  const slow = probeSlowClients(options.target, options.requestTimeoutMs);
  const results: CheckResult[] = [await probePaths(options.target)];
  results.push(await probeDeepJson(options.target, token));
  results.push(await probeLoginState(options.target));
  results.push(await probeAuthorisation(options.target, token));
  results.push(await probeMailLimit(options.target, options.mailBudget));
  results.splice(1, 0, await slow);
  // Last and alone: while it holds its connections every other request from here is refused.
  results.push(await probeConnectionLimit(options.target, options.connectionsPerAddress));
  return results;
}

/** One line per check: its name, cases, and what failed or why it was skipped. */
export function formatReport(results: CheckResult[]): string {
  const lines = results.map((r) => {
    const outcome = r.skipped ? `skipped: ${r.skipped}` : r.failures.length ? `${r.failures.length} FAILED` : 'passed';
    return `${r.name.padEnd(14)} ${String(r.cases).padStart(5)} cases  ${outcome}`;
  });
  for (const r of results) for (const failure of r.failures) lines.push(`  ${r.name}: ${failure}`);
  return lines.join('\n');
}
