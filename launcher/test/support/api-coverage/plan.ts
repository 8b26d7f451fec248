/**
 * A reference route Agora does not serve yet: the issue it waits for (`issues show <n>`), `later` when it is
 * wanted but no issue plans it yet, `out of scope` for what Agora leaves out;
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
  42: 'the AI assistant, MCP server, API keys and semantic search',
};

export const issueTitle = (issue: number) => TITLES[issue] ?? '';

/**
 * Reference routes served by a part of Agora that is not a service, with who serves them: before installation,
 * the launcher's installer sends `GET /` (every page) to the wizard, as the reference does
 * (launcher/test/installer.int.test.ts); once installed, the gateway serves the web app there.
 */
export const SERVED_OUTSIDE_SERVICES: ReadonlyMap<string, string> = new Map([
  ['GET /', 'launcher: the installer redirects to /install until installed, then the web app'],
]);

/** Every reference route not served yet, as `METHOD path`; one served since is a stale entry (the test says so). */
export const PLANNED: ReadonlyMap<string, Plan> = new Map([]);
