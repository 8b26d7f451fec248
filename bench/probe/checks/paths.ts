import { AREA_PREFIXES, ROOT_FOLDERS } from '@agora/gateway/routing-table';
import { NEVER_PUBLIC_TARGETS, UP_SPELLINGS } from '@agora/test-support/path-spellings';
import { send } from '../http';
import { type CheckResult, Findings } from '../report';

/**
 * Where a request can start: a route of each area of the API, the web app's pages and the sitemap's folder, each
 * owned by a service that also serves operator and internal routes a path trick would reach.
 */
const STARTS = [
  `${AREA_PREFIXES.api}siteinfo/`,
  `${AREA_PREFIXES.api}question/`,
  `${AREA_PREFIXES.api}connector/`,
  `${AREA_PREFIXES.admin}setting/`,
  `${AREA_PREFIXES.admin}users/`,
  `${AREA_PREFIXES.installation}db/`,
  '/questions/',
  '/tags/',
  ...Object.keys(ROOT_FOLDERS),
];

const TARGETS = NEVER_PUBLIC_TARGETS;

/** Signs that an operator route answered: Prometheus' text, a health answer, an internal answer. */
const LEAKS = [/process_cpu/, /# HELP/, /"status":"(ok|ready|not ready)"/, /"keys":\[/, /"caught_up"/];

/** Issue 45 item 1: no spelling of a path reaches past the gateway's check (ADR 0088). */
export async function probePaths(base: string): Promise<CheckResult> {
  const findings = new Findings('paths');
  const cases: Array<[string, string]> = [];
  for (const start of STARTS)
    for (const up of UP_SPELLINGS)
      for (const [method, target] of TARGETS) cases.push([method, `${start}${up.repeat(6)}${target}`]);
  for (const [method, target] of TARGETS) {
    cases.push([method, `${AREA_PREFIXES.api}/${target}`]);
    cases.push([method, `//${target}`]);
  }
  for (const [method, target] of cases) {
    const answer = await send(
      base,
      method,
      target,
      method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{"projection":"actors"}' } : {},
    );
    findings.expect(answer.status === 400, `${method} ${target} answered ${answer.status}, not 400`);
    findings.expect(!LEAKS.some((leak) => leak.test(answer.body)), `${method} ${target} leaked an operator answer`);
  }
  return findings.result();
}
