/**
 * Request paths are routed only in their one canonical spelling (docs/adr/0088-canonical-paths.md): a path
 * another component could read as a different path (dot segments, encoded separators, backslashes, empty
 * segments, control characters) is refused before any route is matched, so the path a listener checked is the
 * path every later hop sees, whatever URL parser that hop uses.
 */

/** Characters that can only begin a non-canonical spelling; a path without any is canonical as it stands. */
const SUSPECT = /[%\\;.]|\/\//;

/** What WHATWG URL parsers (light-my-request's among them) treat as a dot segment, after percent-decoding. */
const isDotSegment = (segment: string) => segment === '.' || segment === '..';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const REFUSED_DECODED = /[/\\\u0000-\u001f\u007f]/;

export type PathProblem = 'dot_segment' | 'empty_segment' | 'encoded_separator' | 'malformed_encoding';

/** Why `path` (the part of a request target before `?`) is not canonical, or null when it is. */
export function pathProblem(path: string): PathProblem | null {
  if (!SUSPECT.test(path)) return null;
  const segments = path.split('/');
  for (let index = 1; index < segments.length; index++) {
    const raw = segments[index] as string;
    // `/a/` ends in one empty segment (the router ignores a trailing slash); `//` anywhere else is refused.
    if (raw === '') {
      if (index === segments.length - 1) continue;
      return 'empty_segment';
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return 'malformed_encoding';
    }
    if (REFUSED_DECODED.test(decoded)) return 'encoded_separator';
    // `..;x` is `..` to servers that read `;` as a parameter separator.
    if (isDotSegment(decoded) || isDotSegment(decoded.split(';')[0] as string)) return 'dot_segment';
  }
  return null;
}

/** The path of a request target: up to its query or fragment. */
export function pathOfTarget(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}
