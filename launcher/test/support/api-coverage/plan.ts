/**
 * A reference route Agora does not serve yet: the issue it waits for (`issues show <n>`), `later` when it is
 * wanted but no issue plans it yet, `out of scope` for what Agora leaves out for now (the AI chat and MCP routes);
 * and the part of that issue it belongs to.
 */
export interface Plan {
  issue: number | 'later' | 'out of scope';
  part: string;
}

const TITLES: Record<number, string> = {
  19: 'wire compatibility',
  20: 'moderation service',
  21: 'member pages',
  22: 'site administration',
  23: 'installer',
  25: 'external logins and the user center',
  26: 'pages search engines can read',
};

export const issueTitle = (issue: number) => TITLES[issue] ?? '';

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

const plan = (issue: Plan['issue'], part: string, routes: string[]) =>
  routes.map((route): [string, Plan] => [route, { issue, part }]);

/** Every reference route not served yet, as `METHOD path`; one served since is a stale entry (the test says so). */
export const PLANNED: ReadonlyMap<string, Plan> = new Map([
  ...plan(23, 'installation API', ['GET /']),
  ...plan(25, 'user center agent', [
    `GET ${API}/user-center/login/callback`,
    `GET ${API}/user-center/login/redirect`,
    `GET ${API}/user-center/sign-up/callback`,
    `GET ${API}/user-center/sign-up/redirect`,
    `GET ${API}/user-center/personal/branding`,
  ]),
  ...plan('later', 'tag merge (no issue yet)', [`POST ${API}/tag/merge`]),
  ...plan('later', 'recommended questions: followed tags and questions (no issue yet)', [
    `GET ${API}/question/recommend/page`,
  ]),
  ...plan('later', 'API keys (no issue yet)', [
    `POST ${ADMIN}/api-key`,
    `PUT ${ADMIN}/api-key`,
    `DELETE ${ADMIN}/api-key`,
    `GET ${ADMIN}/api-key/all`,
  ]),
  ...plan('out of scope', 'AI chat and MCP', [
    `POST ${API}/chat/completions`,
    `GET ${API}/ai/conversation`,
    `GET ${API}/ai/conversation/page`,
    `POST ${API}/ai/conversation/vote`,
    `POST ${API}/mcp/message`,
    `GET ${API}/mcp/sse`,
    `GET ${ADMIN}/ai-config`,
    `PUT ${ADMIN}/ai-config`,
    `POST ${ADMIN}/ai-models`,
    `GET ${ADMIN}/ai-provider`,
    `GET ${ADMIN}/ai/conversation`,
    `DELETE ${ADMIN}/ai/conversation`,
    `GET ${ADMIN}/ai/conversation/page`,
    `GET ${ADMIN}/mcp-config`,
    `PUT ${ADMIN}/mcp-config`,
  ]),
]);
