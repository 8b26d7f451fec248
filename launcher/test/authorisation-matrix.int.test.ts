/**
 * Who may call what, generated from the routes every service registered and the gateway's routing
 * table (issue 17). Each public route must declare its level (`config.auth`, services/platform auth
 * plugin) and have an owner in the gateway that is the service serving it; then every route is called
 * through the gateway by an anonymous caller, a member who has not activated, an activated member, a
 * moderator and an admin, and each answer must be what the declared level says: 401 for no identity,
 * 403 for too little, and past the gate (a 400 for the deliberately incomplete input, or the answer
 * itself) for enough. Objects with an owner are checked too: the owner, another member, staff.
 */
import { Role } from '@agora/contracts';
import { AREA_PREFIXES } from '@agora/gateway/routing-table';
import type { AuthLevel } from '@agora/platform';
import { createUser, login } from '@agora/test-support/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allRoutes,
  baselineRequest,
  gatewayOwner,
  isPublic,
  type Operation,
  publicOperations,
  type RequestParts,
  urlOf,
} from './support/operations';
import { startWorld, type World } from './support/world';

type Caller = 'anonymous' | 'inactive' | 'member' | 'moderator' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'inactive', 'member', 'moderator', 'admin'];
const LEVELS: AuthLevel[] = ['none', 'optional', 'login', 'user', 'staff', 'admin', 'key'];

/** What each level lets each caller do: pass, or the status that refuses them. */
const EXPECTED: Record<AuthLevel, Record<Caller, 'pass' | 401 | 403>> = {
  none: { anonymous: 'pass', inactive: 'pass', member: 'pass', moderator: 'pass', admin: 'pass' },
  optional: { anonymous: 'pass', inactive: 'pass', member: 'pass', moderator: 'pass', admin: 'pass' },
  login: { anonymous: 401, inactive: 'pass', member: 'pass', moderator: 'pass', admin: 'pass' },
  user: { anonymous: 401, inactive: 403, member: 'pass', moderator: 'pass', admin: 'pass' },
  staff: { anonymous: 401, inactive: 403, member: 403, moderator: 'pass', admin: 'pass' },
  admin: { anonymous: 401, inactive: 403, member: 403, moderator: 403, admin: 'pass' },
  // A session is no API key, whoever holds it.
  key: { anonymous: 401, inactive: 401, member: 401, moderator: 401, admin: 401 },
};

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.stack.close();
});

const describeOp = (op: Operation) => `${op.service} ${op.method} ${op.url}`;

/**
 * A request that stops at validation once past the gate, so that no handler acts and no business rule
 * (ownership, reputation) answers in place of the gate: a part with required fields is sent empty.
 * Routes with nothing required are sent their baseline input.
 */
function gateProbe(op: Operation): { url: string; body?: unknown } {
  const parts: RequestParts = baselineRequest(op, world.seeds);
  const schema = (op.route.schema ?? {}) as Record<string, { required?: string[] } | undefined>;
  // Input that decides the owning service (`follow`'s object, a tag's timeline, a captcha action) is kept.
  if (gatewayOwner(op.url)?.byRequest) return { url: urlOf(op, parts), ...(parts.body ? { body: parts.body } : {}) };
  if (schema.body?.required?.length) parts.body = {};
  else if (schema.querystring?.required?.length) parts.querystring = {};
  return { url: urlOf(op, parts), ...(parts.body !== undefined ? { body: parts.body } : {}) };
}

async function tokenOf(caller: Caller, op: Operation): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  // Signing out ends the session it is called with: a session of its own.
  if (op.url.endsWith('/user/logout')) return login(world.stack, world.users[caller]);
  return world.tokens[caller];
}

describe('every route declares who may call it', () => {
  it('each route below the gateway prefixes has a config.auth level', () => {
    const routes = allRoutes(world.stack, world.services).filter((op) => isPublic(op.url));
    expect(routes.length).toBeGreaterThan(90);
    const undeclared = routes.filter((op) => !op.auth || !LEVELS.includes(op.auth)).map(describeOp);
    expect(undeclared).toEqual([]);
  });

  it('each route has an owner in the gateway routing table, and it is the service that serves it', () => {
    const misrouted = publicOperations(world.stack, world.services)
      .filter((op) => {
        const owner = gatewayOwner(op.url);
        if (!owner) return true;
        if (owner.service === op.service || owner.elseOnNotFound === op.service) return false;
        if (!owner.byRequest) return true;
        const parts = baselineRequest(op, world.seeds);
        const query = new URLSearchParams(urlOf(op, parts).split('?')[1] ?? '');
        return owner.byRequest({ body: () => parts.body ?? null, query }) !== op.service;
      })
      .map(describeOp);
    expect(misrouted).toEqual([]);
  });

  it('admin-area routes are for admins only', () => {
    const open = publicOperations(world.stack, world.services)
      .filter((op) => op.url.startsWith(AREA_PREFIXES.admin) && op.auth !== 'admin')
      .map(describeOp);
    expect(open).toEqual([]);
  });
});

describe('every route answers each kind of caller as its level says', () => {
  it('anonymous, not activated, member, moderator and admin', async () => {
    const operations = publicOperations(world.stack, world.services);
    const wrong: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const expected = EXPECTED[op.auth ?? 'none'];
      const probe = gateProbe(op);
      for (const caller of CALLERS) {
        const token = await tokenOf(caller, op);
        const response = await world.stack.call(op.method, probe.url, {
          ...(token ? { token } : {}),
          ...(probe.body !== undefined ? { body: probe.body } : {}),
        });
        checked += 1;
        const want = expected[caller];
        // A link that is no longer valid is refused for the link's sake, past every gate (activation codes).
        const aboutTheLink = response.body?.data?.type === 'url_expired';
        const refused = (response.status === 401 || response.status === 403) && !aboutTheLink;
        const right = want === 'pass' ? !refused && response.status < 500 : response.status === want;
        if (!right) {
          wrong.push(
            `${describeOp(op)} (${op.auth}) as ${caller}: ${response.status}, expected ${want} ${JSON.stringify(response.body).slice(0, 120)}`,
          );
        }
      }
    }
    expect(checked).toBe(operations.length * CALLERS.length);
    expect(wrong).toEqual([]);
  });

  it('refuses a not-activated member as inactive on member routes', async () => {
    const response = await world.stack.call('POST', '/answer/api/v1/question', {
      token: world.tokens.inactive,
      body: {},
    });
    expect(response.status).toBe(403);
    expect(response.body.data).toEqual({ type: 'inactive' });
  });
});

describe('objects with an owner', () => {
  const API = '/answer/api/v1';
  let other: string;

  beforeAll(async () => {
    const user = await createUser(world.stack, { name: 'Matrix Other Member', roleId: Role.user });
    other = await login(world.stack, user);
  });

  /** The answers each caller gets; a comment is edited by its author within 5 minutes, or by an admin. */
  const edits = () => [
    {
      what: 'editing an answer',
      url: `${API}/answer`,
      body: (n: number) => ({ id: world.seeds.answerId, content: `An answer edited for the matrix, take ${n}.` }),
      expected: { other: 403, moderator: 200 },
    },
    {
      what: 'editing a comment',
      url: `${API}/comment`,
      body: (n: number) => ({ comment_id: world.seeds.commentId, original_text: `A comment edited, take ${n}.` }),
      expected: { other: 400, moderator: 400 },
    },
  ];

  it.each(['an answer', 'a comment'])('editing %s: its owner may, others as the rules say', async (name) => {
    const edit = edits().find((e) => e.what === `editing ${name}`)!;
    const as = async (token: string | undefined, n: number) => {
      const response = await world.stack.call('PUT', edit.url, { ...(token ? { token } : {}), body: edit.body(n) });
      return { status: response.status, reason: response.body.reason };
    };
    expect(await as(undefined, 1), `${edit.what} anonymously`).toMatchObject({ status: 401 });
    expect(await as(other, 2), `${edit.what} as another member`).toMatchObject({ status: edit.expected.other });
    expect(await as(world.tokens.moderator, 3), `${edit.what} as a moderator`).toMatchObject({
      status: edit.expected.moderator,
    });
    expect(await as(world.tokens.member, 4), `${edit.what} as its owner`).toMatchObject({ status: 200 });
    expect(await as(world.tokens.admin, 5), `${edit.what} as an admin`).toMatchObject({ status: 200 });
  });
});
