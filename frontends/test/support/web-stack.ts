import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { identityService } from '@agora/identity';
import { notificationsService } from '@agora/notifications';
import type { ServiceModule } from '@agora/platform';
import { siteService } from '@agora/site';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { type Stack, type StackOptions, startStack } from '@agora/test-support/stack';
import type { Page } from 'playwright-core';

const API = '/answer/api/v1';

const REPO = path.resolve(import.meta.dirname, '../../..');
export const WEB_ROOT = path.join(REPO, 'frontends', 'root', 'dist');

/** Builds the web app when its sources changed since the last build (a no-op otherwise). */
export function ensureWebBuild(): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO, 'frontends/root/build/build-all.ts'), '--if-stale'],
    { cwd: REPO, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
}

export interface WebStack {
  stack: Stack;
  smtp: TestSmtpServer;
  /** The gateway serving the web app and the API, on a loopback port. */
  url: string;
  close(): Promise<void>;
}

/**
 * The services the account screens talk to (site, identity, notifications for the mails, to a real SMTP
 * server) and any others a test needs, behind a gateway that also serves the built web app, listening
 * for the browser.
 */
export async function startWebStack(
  options: {
    services?: ServiceModule[];
    env?: Record<string, string>;
    database?: StackOptions['database'];
    /** A port chosen beforehand, when the site URL must be the address the browser uses (external logins). */
    port?: number;
    /** Public pages rendered on the server (`createPageRenderer` of `@agora/root/server`). */
    pages?: StackOptions['pages'];
  } = {},
): Promise<WebStack> {
  ensureWebBuild();
  const smtp = await startSmtpServer();
  const services = [siteService, identityService, notificationsService, ...(options.services ?? [])];
  const stack = await startStack({
    services,
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...options.env },
    database: options.database,
    webRoot: WEB_ROOT,
    pages: options.pages,
  });
  return {
    stack,
    smtp,
    url: await stack.listen(options.port),
    async close() {
      await stack.close();
      await smtp.close();
    },
  };
}

/**
 * What a browser test does around its pages, in one place: calling the API (200 or it throws; a path below
 * `{base}/api/v1/` unless it starts with `/`), signing a member in, settling the projections (twice: what one
 * projection's events make another project) and opening a page. Given the stack lazily: tests start it in `beforeAll`.
 */
export function webHarness(web: () => WebStack) {
  const call = async (method: string, url: string, token: string | undefined, body?: unknown) => {
    const response = await web().stack.call(method, url.startsWith('/') ? url : `${API}/${url}`, { token, body });
    if (response.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
  return {
    call,
    tokenOf: async (who: { email: string; password: string }) =>
      (await call('POST', 'user/login/email', undefined, { e_mail: who.email, pass: who.password }))
        .access_token as string,
    settle: async () => {
      await web().stack.settle();
      await web().stack.settle();
    },
    open: (page: Page, path: string) => page.goto(`${web().url}${path}`),
  };
}
