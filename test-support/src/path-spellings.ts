/**
 * Ways of spelling "one folder up" (and its kin) that some parser on a request's way might read as one: dot
 * segments plain and percent-encoded, encoded separators, `;` parameters and backslashes (docs/adr/0088-canonical-paths.md).
 * The gateway's test and the outside probe both walk them.
 */
export const UP_SPELLINGS = [
  '../',
  '%2e%2e/',
  '%2E%2E/',
  '.%2e/',
  '%2e./',
  '..%2f',
  '..%2F',
  '..;/',
  '..\\',
  '..%5c',
  '..%5C',
  './../',
] as const;

/** What is never the public's, below any prefix: every service's operator and internal routes, a private profile. */
export const NEVER_PUBLIC_TARGETS: ReadonlyArray<readonly [method: string, target: string]> = [
  ['GET', 'metrics'],
  ['GET', 'healthz'],
  ['GET', 'readyz'],
  ['GET', 'openapi.json'],
  ['GET', 'internal/jwks'],
  ['POST', 'internal/catch-up'],
  ['GET', 'internal/votes/state?object_id=1'],
  ['GET', 'personal/user/info?username=admin'],
];
