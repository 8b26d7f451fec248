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
