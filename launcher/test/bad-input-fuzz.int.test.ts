/**
 * Bad input never gets a 5xx (issue 17, DESIGN §5 "Validation messages"): for every public operation
 * every service registered, and every string and number parameter of its querystring, path and body,
 * fast-check generates NULs, lone surrogates, huge numbers and values of the wrong type, sent through
 * the gateway as an anonymous caller and as a member (an admin on admin routes). A value the schema can
 * never accept (a bad character anywhere, a wrong JSON type in a body, an integer beyond 2^53) must be
 * refused with a 400 naming the field (or a 401/403 when the caller may not call the route at all).
 *
 * Reproduce a run with `AGORA_FUZZ_SEED=<seed> npx vitest run launcher/test/bad-input-fuzz.int.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesFor, type FuzzCase } from './support/fuzz-cases';
import { publicOperations } from './support/operations';
import { startWorld, type World } from './support/world';

const SEED = Number(process.env.AGORA_FUZZ_SEED ?? 170_006);
const MIN_CASES = 10_000;
const CONCURRENCY = 4;

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.stack.close();
});

interface Outcome {
  status: number;
  body: any;
}

async function send(c: FuzzCase): Promise<Outcome> {
  const response = await world.stack.gateway.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: c.headers,
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body };
}

/** Why an outcome is wrong for its case, or undefined when it is right. */
function problemWith(c: FuzzCase, outcome: Outcome): string | undefined {
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  if (!c.mustRefuse) return undefined;
  if (outcome.status === 401 || outcome.status === 403) return undefined;
  if (outcome.status !== 400) return `accepted with ${outcome.status}, must be refused`;
  // A path whose escapes are not UTF-8 is refused by the router, before any parameter has a name.
  if (c.part === 'params' && outcome.body?.reason === 'base.request_format_error') return undefined;
  const fields = Array.isArray(outcome.body?.data) ? outcome.body.data.map((f: any) => f.error_field) : [];
  if (!fields.includes(c.mustRefuse)) return `400 without a field error for ${c.mustRefuse}`;
  return undefined;
}

async function runAll(cases: FuzzCase[]) {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const outcome = await send(c);
      const problem = problemWith(c, outcome);
      if (problem) {
        failures.push(
          `${c.method} ${c.op.url} as ${c.identity}, ${c.what}: ${problem} ${JSON.stringify(outcome.body).slice(0, 200)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

describe('bad input, generated from the route schemas', () => {
  it(`never answers 5xx over at least ${MIN_CASES} cases, and refuses what no schema accepts (seed ${SEED})`, async () => {
    const operations = publicOperations(world.stack, world.services);
    expect(operations.length).toBeGreaterThan(90);
    const cases = operations.flatMap((op, index) =>
      casesFor(op, { seed: SEED, seeds: world.seeds, tokens: world.tokens, perLeaf: 36, perOperation: 30 }, index),
    );
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
    const failures = await runAll(cases);
    expect(failures, `${failures.length} of ${cases.length} cases failed`).toEqual([]);
  }, 300_000);
});
