import {
  CONNECTOR_PLUGIN_PREFIX,
  CUSTOM_CSS_PATH,
  DELETE_PERMANENTLY_PATH,
  objectTypeOf,
  ROBOTS_PATH,
  SITEMAP_FOLDER,
  SITEMAP_PATH,
} from '@agora/contracts';

export const SERVICE_NAMES = [
  'identity',
  'posts',
  'votes',
  'tags',
  'moderation',
  'search',
  'badges',
  'notifications',
  'site',
  'assistant',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type Area = 'api' | 'admin' | 'installation';

/** Where each area's routes live below the site root; `{base}` is `/answer`. */
export const AREA_PREFIXES: Record<Area, string> = {
  api: '/answer/api/v1/',
  admin: '/answer/admin/api/',
  installation: '/installation/',
};

/**
 * Route ownership (DESIGN §6). A path belongs to the rule whose path equals it or is its longest
 * leading run of whole segments, so `user/ranking` beats `user`.
 */
const OWNERSHIP: Record<Area, Record<string, ServiceName>> = {
  api: {
    user: 'identity',
    'personal/user/info': 'identity',
    permission: 'identity',
    connector: 'identity',
    'user-center': 'identity',
    'user/action/record': 'identity',
    question: 'posts',
    answer: 'posts',
    comment: 'posts',
    'personal/question/page': 'posts',
    'personal/answer/page': 'posts',
    'personal/comment/page': 'posts',
    'personal/qa/top': 'posts',
    revisions: 'posts',
    'activity/timeline': 'posts',
    'post/render': 'posts',
    'question/similar/tag': 'posts',
    vote: 'votes',
    'collection/switch': 'votes',
    'meta/reaction': 'votes',
    'personal/collection/page': 'votes',
    'personal/vote/page': 'votes',
    'personal/rank/page': 'votes',
    'user/ranking': 'votes',
    tag: 'tags',
    tags: 'tags',
    'question/tags': 'tags',
    'follow/tags': 'tags',
    follow: 'posts',
    report: 'moderation',
    reasons: 'moderation',
    'revisions/unreviewed': 'moderation',
    'revisions/audit': 'moderation',
    'revisions/edit/check': 'posts',
    review: 'moderation',
    reviewing: 'moderation',
    search: 'search',
    'question/similar': 'search',
    badges: 'badges',
    badge: 'badges',
    notification: 'notifications',
    'user/notification': 'notifications',
    siteinfo: 'site',
    language: 'site',
    'plugin/status': 'site',
    file: 'site',
    'render/config': 'site',
    'embed/config': 'site',
    'sidebar/config': 'site',
    'captcha/config': 'site',
    mcp: 'assistant',
    'chat/completions': 'assistant',
    'ai/conversation': 'assistant',
    'ai/search': 'assistant',
  },
  admin: {
    users: 'identity',
    user: 'identity',
    roles: 'identity',
    'user-center': 'identity',
    connectors: 'identity',
    connector: 'identity',
    'question/page': 'posts',
    'question/status': 'posts',
    'answer/page': 'posts',
    'answer/status': 'posts',
    [DELETE_PERMANENTLY_PATH]: 'posts',
    reports: 'moderation',
    report: 'moderation',
    reasons: 'moderation',
    siteinfo: 'site',
    setting: 'site',
    plugins: 'site',
    plugin: 'site',
    dashboard: 'site',
    badges: 'badges',
    'badge/status': 'badges',
    language: 'site',
    'theme/options': 'site',
    'api-key': 'assistant',
    'mcp-config': 'assistant',
    'ai-config': 'assistant',
    'ai-provider': 'assistant',
    'ai-models': 'assistant',
    'ai/conversation': 'assistant',
  },
  installation: {
    'config-file': 'site',
    db: 'site',
    init: 'site',
    'base-info': 'site',
    language: 'site',
  },
};

/** Files at the site root that a service answers (the reference client links them from every page). */
export const ROOT_FILES: Readonly<Record<string, ServiceName>> = {
  [CUSTOM_CSS_PATH]: 'site',
  [ROBOTS_PATH]: 'site',
  [SITEMAP_PATH]: 'posts',
};

/** Folders at the site root whose files a service answers: the sitemap's files (docs/adr/0070-sitemap.md). */
export const ROOT_FOLDERS: Readonly<Record<string, ServiceName>> = { [SITEMAP_FOLDER]: 'posts' };

/** The service that answers a file at the site root, if one does. */
export const rootFileOwner = (pathname: string): ServiceName | undefined =>
  ROOT_FILES[pathname] ??
  Object.entries(ROOT_FOLDERS).find(
    ([folder]) => pathname.startsWith(folder) && !pathname.includes('/', folder.length),
  )?.[1];

export interface RouteMatch {
  area: Area;
  /** The path below the area prefix, without the query. */
  rest: string;
  service: ServiceName;
  /**
   * The owner depends on the request: `follow` by the body's object and `revisions/edit/check` by the
   * queried one (a tag id goes to tags, anything else to posts), `user/action/record` by the action whose
   * captcha rule is asked about.
   */
  byRequest?: (request: { body: () => unknown; query: URLSearchParams }) => ServiceName;
  /** Asked when the owner answers 404: revision ids do not tell whether a post's or a tag's is meant. */
  elseOnNotFound?: ServiceName;
  /** Answered as a stream, passed on as it comes (server-sent events), never gathered whole first. */
  streamed?: boolean;
}

/** API routes whose answers are streams: the MCP server's SSE channel, the assistant's replies. */
const STREAMED_API = new Set(['mcp/sse', 'chat/completions']);

const followOwner: RouteMatch['byRequest'] = ({ body }) => {
  const objectId = (body() as { object_id?: unknown } | null)?.object_id;
  return typeof objectId === 'string' && objectTypeOf(objectId) === 'tag' ? 'tags' : 'posts';
};

/** A tag's timeline is the tags service's; every other object's is posts'. */
const timelineOwner: RouteMatch['byRequest'] = ({ query }) =>
  objectTypeOf(query.get('object_id') ?? '') === 'tag' ? 'tags' : 'posts';

/** Whether an edit may start is decided where the object is edited: a tag in tags, a question or answer in posts. */
const editCheckOwner: RouteMatch['byRequest'] = ({ query }) =>
  objectTypeOf(query.get('id') ?? '') === 'tag' ? 'tags' : 'posts';

/** Which service counts the attempts of each `user/action/record` action. */
const CAPTCHA_ACTION_OWNERS: Record<string, ServiceName> = {
  question: 'posts',
  answer: 'posts',
  comment: 'posts',
  edit: 'posts',
  delete: 'posts',
  invitation_answer: 'posts',
  vote: 'votes',
  report: 'moderation',
  search: 'search',
};

const actionRecordOwner: RouteMatch['byRequest'] = ({ query }) =>
  CAPTCHA_ACTION_OWNERS[query.get('action') ?? ''] ?? 'identity';

/** An external login's plugin switch and settings are identity's (its connector); the built-in plugins' are site's. */
const pluginOwner: RouteMatch['byRequest'] = ({ body, query }) => {
  const slug = query.get('plugin_slug_name') ?? (body() as { plugin_slug_name?: unknown } | null)?.plugin_slug_name;
  return typeof slug === 'string' && slug.startsWith(CONNECTOR_PLUGIN_PREFIX) ? 'identity' : 'site';
};

/** The permanent delete of users is identity's; of questions and answers (and a bad type's 400) posts'. */
const purgeOwner: RouteMatch['byRequest'] = ({ body }) =>
  (body() as { type?: unknown } | null)?.type === 'users' ? 'identity' : 'posts';

export function matchRoute(pathname: string): RouteMatch | undefined {
  for (const area of Object.keys(AREA_PREFIXES) as Area[]) {
    const prefix = AREA_PREFIXES[area];
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
    const segments = rest.split('/');
    for (let n = segments.length; n > 0; n--) {
      const candidate = segments.slice(0, n).join('/');
      const service = OWNERSHIP[area][candidate];
      if (!service) continue;
      const match: RouteMatch = { area, rest, service };
      if (area === 'api' && candidate === 'follow') match.byRequest = followOwner;
      if (area === 'api' && candidate === 'user/action/record') match.byRequest = actionRecordOwner;
      if (area === 'api' && rest === 'activity/timeline') match.byRequest = timelineOwner;
      if (area === 'api' && rest === 'revisions/edit/check') match.byRequest = editCheckOwner;
      if (area === 'api' && rest === 'activity/timeline/detail') match.elseOnNotFound = 'tags';
      if (area === 'admin' && rest === DELETE_PERMANENTLY_PATH) match.byRequest = purgeOwner;
      if (area === 'admin' && (rest === 'plugin/status' || rest === 'plugin/config')) match.byRequest = pluginOwner;
      if (area === 'api' && STREAMED_API.has(rest)) match.streamed = true;
      return match;
    }
    return undefined;
  }
  return undefined;
}
