/**
 * npm run bench:web — into bench/results/web.json, in the machine's Chromium against the gateway serving
 * the production build:
 *  - a cold load of /questions: compressed JS and CSS bytes downloaded (budget 300 KB);
 *  - React, MUI and react-query each downloaded once, and one React renderer on the page;
 *  - the login page interactive (its form in the DOM, handlers attached) after navigation (budget 1 s).
 */
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createGateway, InProcessTransport } from '@agora/gateway';
import { identityService } from '@agora/identity';
import { createEventBus, loadConfig, startService } from '@agora/platform';
import { siteService } from '@agora/site';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchChromium } from '../frontends/test/support/browser';
import { benchDatabase, machine, summarize, writeResults } from './support';

const REPO = path.resolve(import.meta.dirname, '..');
const build = spawnSync(process.execPath, ['--import', 'tsx', 'frontends/root/build/build-all.ts', '--if-stale'], {
  cwd: REPO,
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('web build failed');

const log = pino({ level: 'warn' });
const db = await benchDatabase();
const config = loadConfig({ env: {} });
const bus = await createEventBus({ kind: 'postgres', databaseUrl: db.url, log });
const site = await startService(siteService, { config, databaseUrl: db.url, bus, log });
const identity = await startService(identityService, { config, databaseUrl: db.url, bus, log });
const gateway = await createGateway({
  log,
  transports: { site: new InProcessTransport(site.app), identity: new InProcessTransport(identity.app) },
  webRoot: path.join(REPO, 'frontends', 'root', 'dist'),
});
await gateway.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
const browser: Browser = await launchChromium();

/** A cold load (fresh profile: empty cache) of `/questions`. */
async function coldQuestions() {
  const context = await browser.newContext({ viewport: DESKTOP });
  // Plain source: functions would be re-serialised after tsx's transform, which may add helpers.
  await context.addInitScript(`
    const renderers = [];
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(), supportsFiber: true, inject: (r) => renderers.push(r),
      onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
    };
    window.__renderers = renderers;
  `);
  const page = await context.newPage();
  const downloads: { url: string; type: string; bytes: Promise<number>; encoding: string }[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    downloads.push({
      url: new URL(response.url()).pathname,
      type,
      bytes: response
        .request()
        .sizes()
        .then((s) => s.responseBodySize),
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  });
  await page.goto(`${base}/questions`, { waitUntil: 'networkidle' });
  await page.getByText('Questions').first().waitFor();
  const importMap = JSON.parse((await page.locator('script[type=importmap]').textContent()) ?? '{}').imports;
  const sizes = await Promise.all(downloads.map((d) => d.bytes));
  const renderers = (await page.evaluate('window.__renderers.length')) as number;
  await context.close();
  const timesDownloaded = (specifier: string) => downloads.filter((d) => d.url === importMap[specifier]).length;
  return {
    files: downloads.length,
    compressed_js_css_bytes: sizes.reduce((a, b) => a + b, 0),
    encodings: [...new Set(downloads.map((d) => d.encoding))],
    downloads: {
      react: timesDownloaded('react'),
      'react-dom/client': timesDownloaded('react-dom/client'),
      '@mui/material': timesDownloaded('@mui/material'),
      '@tanstack/react-query': timesDownloaded('@tanstack/react-query'),
    },
    react_renderers: renderers,
    any_file_twice: downloads.length !== new Set(downloads.map((d) => d.url)).size,
  };
}

/** Milliseconds from navigation start until the login form is in the page (React has mounted it). */
async function loginInteractive(cold: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(`
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid=login-page] input[name=e_mail]')) {
        window.__ready = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  `);
  const page = await context.newPage();
  if (!cold) await page.goto(`${base}/users/login`, { waitUntil: 'networkidle' }); // warm the cache
  await page.goto(`${base}/users/login`);
  await page.locator('[data-testid=login-page] input[name=e_mail]').waitFor();
  const ready = (await page.evaluate('window.__ready')) as number;
  await context.close();
  return ready;
}

const cold = await coldQuestions();
const coldLogin: number[] = [];
const warmLogin: number[] = [];
for (let i = 0; i < 7; i++) coldLogin.push(await loginInteractive(true));
for (let i = 0; i < 7; i++) warmLogin.push(await loginInteractive(false));

const budgets = {
  cold_questions_compressed_kb: { limit: 300, value: Math.round(cold.compressed_js_css_bytes / 102.4) / 10 },
  login_interactive_ms: { limit: 1000, value: summarize(coldLogin).p50_ms },
};
const results = {
  machine: machine(),
  // Other processes' load inflates the timings: recorded so figures from different runs compare.
  load_average_1m: Math.round(os.loadavg()[0]! * 10) / 10,
  cold_load_questions: cold,
  login_interactive_cold: summarize(coldLogin),
  login_interactive_warm_cache: summarize(warmLogin),
  budgets,
  within_budgets:
    budgets.cold_questions_compressed_kb.value <= 300 &&
    budgets.login_interactive_ms.value <= 1000 &&
    cold.react_renderers === 1 &&
    !cold.any_file_twice,
};
console.log(JSON.stringify(results, null, 2));
console.log(`written to ${writeResults('web', results)}`);

await browser.close();
await gateway.close();
await identity.close();
await site.close();
await bus.close();
await db.stop();
