/**
 * `docs/api-coverage.md`, generated from the reference's route list (`docs/reference/api-routes.json`) and the
 * routes every service registers (issue 19): each reference route implemented (by which service) or planned (for
 * which issue). Fails when a served route answers a shape the reference handler does not, when a route the table
 * marks implemented is no longer served, when a reference route has neither a server nor a plan, and when the
 * committed table is out of date. `AGORA_UPDATE_API_COVERAGE=1` writes the table instead of comparing it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ROOT_FILES } from '@agora/gateway/routing-table';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../src/services';
import { type Coverage, coverageOf, referenceRoutes } from './support/api-coverage/coverage';
import { COVERAGE_FILE, coverageMarkdown, implementedIn, UPDATE_COMMAND } from './support/api-coverage/coverage-table';
import { allRoutes, isPublic } from './support/operations';

const OPERATOR_ROUTES = ['/healthz', '/readyz', '/metrics', '/openapi.json'];
const file = new URL(`../../${COVERAGE_FILE}`, import.meta.url);
const updating = process.env.AGORA_UPDATE_API_COVERAGE === '1';

let stack: Stack;
let coverage: Coverage;
let markdown: string;
const reference = referenceRoutes();

beforeAll(async () => {
  stack = await startStack({ services: ALL_SERVICES });
  const operations = allRoutes(
    stack,
    ALL_SERVICES.map((s) => s.name),
  ).filter((op) => (isPublic(op.url) && !OPERATOR_ROUTES.includes(op.url)) || op.url in ROOT_FILES);
  coverage = coverageOf(reference, operations);
  markdown = coverageMarkdown(coverage, reference.source);
});

afterAll(async () => {
  await stack?.close();
});

describe('API coverage against the reference', () => {
  it('reads the whole reference route list', () => {
    expect(reference.routes.length).toBe(214);
    expect(coverage.rows.filter((r) => r.status === 'implemented').length).toBeGreaterThan(100);
  });

  it('answers every served route in the shape the reference handler answers', () => {
    const problems = coverage.rows.flatMap((row) =>
      row.status === 'implemented'
        ? row.problems.map((p) => `${row.route.method} ${row.route.path} (${row.route.shape.slice(0, 80)}): ${p}`)
        : [],
    );
    expect(problems).toEqual([]);
  });

  it('plans every route it does not serve, and only those', () => {
    const unplanned = coverage.rows
      .filter((row) => row.status === 'unplanned')
      .map((row) => `${row.route.method} ${row.route.path}`);
    expect(
      unplanned,
      'give these routes the issue they wait for in launcher/test/support/api-coverage/plan.ts',
    ).toEqual([]);
    expect(
      coverage.stalePlans,
      'these plan entries name no reference route or a route served now: remove them from plan.ts',
    ).toEqual([]);
  });

  it('still serves every route the committed table marks implemented', () => {
    const committed = existsSync(file) ? implementedIn(readFileSync(file, 'utf8')) : new Set<string>();
    const served = implementedIn(markdown);
    const gone = [...committed].filter((route) => !served.has(route));
    expect(
      gone,
      `routes that disappeared; if one is removed on purpose, mark it planned in ${COVERAGE_FILE} by hand first`,
    ).toEqual([]);
  });

  it(`keeps ${COVERAGE_FILE} up to date`, () => {
    if (updating) writeFileSync(file, markdown);
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
    expect(committed === markdown, `${COVERAGE_FILE} is out of date; update it with:\n  ${UPDATE_COMMAND}`).toBe(true);
  });
});
