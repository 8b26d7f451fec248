/**
 * The outside probe (issue 45 item 9), run against a started stack over real sockets as CI runs it: every check must
 * pass and none may be skipped. Short request time and connection limit so the slow-client checks are quick.
 */
import { Role } from '@agora/contracts';
import { ALL_SERVICES } from '@agora/launcher/services';
import { createUser, login } from '@agora/test-support/accounts';
import { saveOidcConnector, startOidcProvider, type TestOidcProvider } from '@agora/test-support/oidc-provider';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES, formatReport, runProbe } from '../probe';

const REQUEST_TIMEOUT_MS = 2000;
const CONNECTIONS_PER_ADDRESS = 40;

let stack: Stack;
let provider: TestOidcProvider;
let target: string;
let member: { email: string; password: string };

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: ['http://agora.test/answer/api/v1/connector/redirect/corp'] });
  stack = await startStack({
    services: ALL_SERVICES,
    env: {
      AGORA_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      AGORA_HEADERS_TIMEOUT_MS: '1000',
      AGORA_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS_PER_ADDRESS),
    },
  });
  const admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
  await saveOidcConnector(stack, admin, provider, 'corp');
  const user = await createUser(stack, { name: 'Probe Member' });
  member = { email: user.email, password: user.password };
  await stack.settle();
  target = await stack.listen();
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('npm run probe:security against a started stack', () => {
  it('finds nothing: no path past the gateway, slow clients cut off, no 5xx from deep bodies, mail and login state bound, every route guarded', async () => {
    const results = await runProbe({
      target,
      member,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      connectionsPerAddress: CONNECTIONS_PER_ADDRESS,
      mailBudget: 5,
    });
    const report = formatReport(results);
    expect(results.map((r) => r.name).sort(), report).toEqual([...CHECK_NAMES].sort());
    expect(
      results.filter((r) => r.skipped || r.failures.length > 0),
      report,
    ).toEqual([]);
    const cases = Object.fromEntries(results.map((r) => [r.name, r.cases]));
    expect(cases.paths).toBeGreaterThan(1000);
    expect(cases.authorisation).toBeGreaterThan(150);
    expect(cases['deep-json']).toBeGreaterThan(80);
  }, 240_000);
});
