import { API, call, send } from '../http';
import { type CheckResult, Findings } from '../report';
import { concretePath, publishedOperations } from './operations';

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Issue 45 item 3: no body makes the server fail (5xx), however deeply it nests: 4,000 levels to every operation
 * that takes a body (as a member when given, so that member routes read it), and as many levels as 1 MiB holds.
 */
export async function probeDeepJson(base: string, memberToken: string | undefined): Promise<CheckResult> {
  const findings = new Findings('deep-json');
  const deep = nested(4000);
  const headers = { 'content-type': 'application/json', ...(memberToken ? { authorization: memberToken } : {}) };
  for (const operation of await publishedOperations(base)) {
    if (!operation.hasBody) continue;
    const answer = await send(base, operation.method, concretePath(operation.path), { headers, body: deep });
    findings.expect(
      answer.status < 500,
      `${operation.method} ${operation.path} answered ${answer.status} to deep JSON`,
    );
  }
  const limit = 1024 * 1024 - 64;
  const arrays = `${'['.repeat(limit / 2)}${']'.repeat(limit / 2)}`;
  const login = await send(base, 'POST', `${API}/user/login/email`, { headers, body: arrays });
  findings.expect(login.status === 400, `a 1 MiB nest of arrays at the login answered ${login.status}, not 400`);
  const still = await call(base, 'GET', `${API}/siteinfo`);
  findings.expect(still.status === 200, `the site answered ${still.status} after the deep bodies`);
  return findings.result();
}
