/**
 * `npm run load`'s setup and virtual users against a real Agora (every service, a real PostgreSQL) listening on
 * a loopback port: each scenario's setup reads the site and makes its members, and a short run of each sends only
 * requests that succeed, writes included, every action of the scenario taken.
 */
import { Role } from '@agora/contracts';
import { createUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { succeeded } from '../../../infra/k6/lib/api.js';
import { actionsFor, newUser, requestOf, SCENARIO_NAMES, SCENARIOS } from '../../../infra/k6/lib/scenarios.js';
import { MEMBER_PASSWORD } from '../../../infra/k6/lib/setup.js';
import { ALL_SERVICES } from '../../../launcher/src/services';
import { loadReport } from '../report';
import { runSetup } from '../run-setup';
import { sendRequest } from '../send';
import { runVirtualUsers } from '../virtual-users';

const TAGS = ['nginx', 'postgresql', 'kafka'];
/** More than one page of the list (`LIST_PAGE_SIZE`), so that paging has a second page. */
const QUESTIONS = 25;
const USERS = 3;
const SECONDS = 2;
const QUICK = { min: 0.01, max: 0.03 };

let stack: Stack;
let target: string;
let admin: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack({ services: ALL_SERVICES });
  admin = await createUser(stack, { roleId: Role.admin });
  const { body } = await stack.call('POST', '/answer/api/v1/user/login/email', {
    body: { e_mail: admin.email, pass: admin.password },
  });
  const token = body.data.access_token as string;
  for (let i = 0; i < QUESTIONS; i++) {
    const asked = await stack.call('POST', '/answer/api/v1/question', {
      token,
      body: {
        title: `How do I tune ${TAGS[i % TAGS.length]} for question ${i}?`,
        content: 'What I tried, and what happened instead, in enough words.',
        tags: [{ slug_name: TAGS[i % TAGS.length] }],
      },
    });
    expect(asked.status).toBe(200);
  }
  await stack.settle();
  target = await stack.listen();
});

afterAll(async () => {
  await stack?.close();
});

describe('npm run load', () => {
  for (const name of SCENARIO_NAMES) {
    it(`${name}: sets up, then every action succeeds against a real Agora`, async () => {
      const scenario = { ...SCENARIOS[name], thinkSeconds: QUICK };
      const data = await runSetup(target, scenario, {
        users: USERS,
        adminEmail: admin.email,
        adminPassword: admin.password,
        memberPassword: MEMBER_PASSWORD,
        memberPrefix: 'load-test',
        runId: `${name}${Date.now().toString(36)}`,
      });
      expect(data.questionIds.length).toBeGreaterThanOrEqual(QUESTIONS);
      expect(data.tagSlugs.sort()).toEqual([...TAGS].sort());
      expect(data.members).toHaveLength(scenario.members ? USERS : 0);

      // Every action once by every user: each answers with success.
      const actions = actionsFor(scenario, data);
      expect(actions.map((a) => a.kind).sort()).toEqual(scenario.actions.map((a) => a.kind).sort());
      const failed: string[] = [];
      for (let id = 1; id <= USERS; id++) {
        const user = newUser(id, data, Math.random);
        for (const action of actions) {
          const request = requestOf(action, user);
          const response = await sendRequest(target, request);
          if (!succeeded(response))
            failed.push(`${action.kind} ${request.path}: ${response.status} ${JSON.stringify(response.body)}`);
          action.record?.(user, request, response);
        }
      }
      expect(failed).toEqual([]);

      // Then a short run, as `npm run load` makes it.
      const outcome = await runVirtualUsers({ scenario, data, users: USERS, durationSeconds: SECONDS, target });
      expect(outcome.failures).toEqual([]);
      const report = loadReport(scenario, outcome.samples, outcome.seconds);
      expect(report.overall.errors).toBe(0);
      expect(report.overall.requests).toBeGreaterThanOrEqual(USERS);
      expect(report.overall.requests).toBe(Object.values(report.by_kind).reduce((sum, kind) => sum + kind.requests, 0));
      expect(report.thresholds.error_rate.met).toBe(true);
    });
  }
});
