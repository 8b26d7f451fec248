// Path patterns of the route tables (DESIGN §7, "Routes"): `/posts/:questionId/edit` has the literal segments
// `posts` and `edit` and the named param `questionId`; `:name?` is an optional param, only after the required
// segments. A screen gets its params, decoded, and never reads the URL.

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type RequiredName<N extends string> = N extends `${string}?` ? never : N;
type OptionalName<N extends string> = N extends `${infer Name}?` ? Name : never;

/** The params of a path pattern: `PathParams<'/posts/:questionId/:answerId?'>` is `{ questionId; answerId? }`. */
export type PathParams<P extends string> = { readonly [K in RequiredName<ParamNames<P>>]: string } & {
  readonly [K in OptionalName<ParamNames<P>>]?: string;
};

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape is kept as it was typed
  }
}

/** The params of `pathname` when it matches `pattern` (trailing slashes ignored), else null. */
export function matchPath<P extends string>(pattern: P, pathname: string): PathParams<P> | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const required = wanted.filter((segment) => !segment.endsWith('?')).length;
  if (given.length < required || given.length > wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index];
    if (segment.startsWith(':')) {
      if (value !== undefined) params[segment.slice(1).replace(/\?$/, '')] = decoded(value);
    } else if (segment !== value) {
      return null;
    }
  }
  // Every required name of the pattern was set above (the length check), optional ones when present.
  return params as PathParams<P>;
}
