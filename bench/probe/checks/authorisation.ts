import { call } from '../http';
import { type CheckResult, Findings } from '../report';
import { concretePath, publishedOperations } from './operations';

/** The levels that need a signed-in caller, and those that need staff. */
const SIGNED_IN = new Set(['login', 'user', 'staff', 'admin']);
const STAFF = new Set(['staff', 'admin']);

/**
 * Issue 45 item 9: who may call what, over every operation the site publishes. An anonymous caller is refused
 * (401) wherever a route asks for a session; a plain member (when given) is refused (403) wherever it asks for staff.
 * The refusal comes before anything is read of the request, so an empty one is enough and nothing changes.
 */
export async function probeAuthorisation(base: string, memberToken: string | undefined): Promise<CheckResult> {
  const findings = new Findings('authorisation');
  const operations = await publishedOperations(base);
  findings.expect(operations.length > 100, `the OpenAPI document lists only ${operations.length} operations`);
  for (const operation of operations) {
    if (!operation.auth || !SIGNED_IN.has(operation.auth)) continue;
    const target = concretePath(operation.path);
    const body = operation.hasBody ? {} : undefined;
    const anonymous = await call(base, operation.method, target, { body });
    findings.expect(
      anonymous.status === 401,
      `${operation.method} ${operation.path} (${operation.auth}) answered an anonymous caller ${anonymous.status}`,
    );
    if (memberToken && STAFF.has(operation.auth)) {
      const member = await call(base, operation.method, target, { body, token: memberToken });
      findings.expect(
        member.status === 403,
        `${operation.method} ${operation.path} (${operation.auth}) answered a plain member ${member.status}`,
      );
    }
  }
  return findings.result();
}
