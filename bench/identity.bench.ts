/**
 * npm run bench:identity — into bench/results/identity.json:
 *  - e-mail login through the gateway, p50/p99, argon2id included, 8 concurrent logins;
 *  - access-token verification in the gateway, p99 over 100,000 verifications.
 */
import { performance } from 'node:perf_hooks';
import { Role } from '@agora/contracts';
import { AccessTokens, composeAgora, InProcessTransport } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import { itemAt, loadConfig } from '@agora/platform';
import { siteService } from '@agora/site';
import pino from 'pino';
import { benchDatabase, machine, summarize, writeResults } from './support';

const log = pino({ level: 'warn' });
const db = await benchDatabase();
const config = loadConfig({ env: { AGORA_TRUST_PROXY: 'true' } });
const agora = await composeAgora({
  config,
  databaseUrl: db.url,
  log,
  services: [siteService, identityService],
  bus: { kind: 'postgres' },
});
const { gateway } = agora;
const identity = agora.service('identity');
const accounts = accountsFor(identity);

// Enough accounts and client addresses that no per-account or per-address limit is reached.
const users = await Promise.all(
  Array.from({ length: 40 }, (_, i) =>
    accounts.register({
      email: `bench${i}@example.com`,
      displayName: `Bench User ${i}`,
      password: `bench-password-${i}`,
      roleId: Role.user,
      activated: true,
      createdBy: 'admin',
      actorId: null,
    }),
  ),
);

const concurrency = 8;
const perWorker = 40;
const latencies: number[] = [];
let failures = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = 0; i < perWorker; i++) {
      const n = next++;
      const index = n % users.length;
      const t0 = performance.now();
      const response = await gateway.inject({
        method: 'POST',
        url: '/answer/api/v1/user/login/email',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(n / 250)}.${n % 250}` },
        payload: JSON.stringify({ e_mail: `bench${index}@example.com`, pass: `bench-password-${index}` }),
      });
      latencies.push(performance.now() - t0);
      if (response.statusCode !== 200) failures++;
    }
  }),
);
const loginSeconds = (performance.now() - started) / 1000;
const login = summarize(latencies);
console.log('login', login, `${failures} failures`);

// Token verification at the edge: 1,000 distinct sessions, each token verified 100 times.
const tokens = await Promise.all(users.slice(0, 40).map(async (user) => (await accounts.startSession(user)).token));
const more = await Promise.all(
  Array.from({ length: 960 }, async (_, i) => (await accounts.startSession(itemAt(users, i % users.length))).token),
);
const allTokens = [...tokens, ...more];
const verifier = new AccessTokens(() => new InProcessTransport(identity.app));
const cold: number[] = [];
for (const token of allTokens) {
  const t0 = performance.now();
  if (!(await verifier.userOf(token))) throw new Error('a valid token was refused');
  cold.push(performance.now() - t0);
}
const warm: number[] = [];
for (let i = 0; i < 100_000; i++) {
  const token = itemAt(allTokens, i % allTokens.length);
  const t0 = performance.now();
  await verifier.userOf(token);
  warm.push(performance.now() - t0);
}
const verification = summarize(warm);
const firstSight = summarize(cold);
console.log('verification', verification, 'first sight', firstSight);

await agora.close();
await db.stop();

const file = writeResults('identity', {
  measured_at: new Date().toISOString(),
  machine: machine(),
  login: {
    path: 'POST /answer/api/v1/user/login/email through the gateway (in-process), argon2id m=19 MiB t=2 p=1',
    concurrency,
    logins: latencies.length,
    failures,
    per_second: Math.round(latencies.length / loginSeconds),
    ...login,
    target_p99_ms: 150,
    met: login.p99_ms <= 150 && failures === 0,
  },
  token_verification: {
    what: 'EdDSA signature and expiry check in the gateway (fast-jwt with its verified-token cache)',
    verifications: warm.length,
    distinct_tokens: allTokens.length,
    ...verification,
    first_sight_of_a_token: firstSight,
    target_p99_ms: 0.2,
    met: verification.p99_ms <= 0.2,
  },
});
console.log(`written to ${file}`);
