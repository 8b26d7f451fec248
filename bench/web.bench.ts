/**
 * npm run bench:web — into bench/results/web.json, in the machine's Chromium against the gateway serving
 * the production build:
 *  - a cold load of /questions: compressed JS and CSS bytes downloaded (budget 300 KB);
 *  - React, MUI and react-query each downloaded once, and one React renderer on the page;
 *  - the login page interactive (its form in the DOM, handlers attached) after navigation (budget 1 s);
 *  - a question's detail page interactive (its vote buttons in the DOM) on a cold load (budget 1.5 s), and the
 *    largest contentful paint of that cold load, server-rendered as `npm start` serves it (budget 1.0 s);
 *  - moving between pages of the question list, from the click to the new page's rows (budget 200 ms);
 *  - a member's profile page interactive (header card, tabs and top questions drawn) on a cold load (budget
 *    1.2 s), and its compressed JS and CSS on a cold load (budget 300 KB). The profile tabs' API under load is
 *    `npm run bench:profile`.
 */
// Production mode, as `npm start` renders the pages (docs/adr/0072-production-mode.md).
import '../launcher/node-env.mjs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { badgesService } from '@agora/badges';
import { Role } from '@agora/contracts';
import { composeAgora, lazyPageRenderer } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import { loadConfig } from '@agora/platform';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { votesService } from '@agora/votes';
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

const WEB_ROOT = path.join(REPO, 'frontends', 'root', 'dist');
const log = pino({ level: 'warn' });
const db = await benchDatabase();
const config = loadConfig({ env: {} });
const agora = await composeAgora({
  config,
  databaseUrl: db.url,
  log,
  services: [siteService, identityService, postsService, votesService, tagsService, badgesService],
  bus: { kind: 'postgres' },
  // Public pages rendered on the server, as `npm start` serves them (docs/adr/0066-server-rendered-public-pages.md).
  gateway: { webRoot: WEB_ROOT, pages: lazyPageRenderer(WEB_ROOT) },
});
const identity = agora.service('identity');
const base = await agora.listen({ host: '127.0.0.1', port: 0 });
const browser: Browser = await launchChromium();

/**
 * An admin asks enough questions for three list pages (60 of 20 a page, one tag): the first one's path and
 * the admin's profile path.
 */
async function seedQuestions(count: number): Promise<{ question: string; profile: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-secret-1';
  const admin = await accountsFor(identity).register({
    email,
    displayName: 'Bench Admin',
    password,
    roleId: Role.admin,
    activated: true,
    createdBy: 'admin',
    actorId: null,
  });
  const call = async <Data>(method: string, route: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}/answer/api/v1/${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: Data; msg: string } };
  };
  const token = (await call<{ access_token: string }>('POST', 'user/login/email', { e_mail: email, pass: password }))
    .body.data.access_token;
  let first = '';
  for (let i = 0; i < count; i++) {
    const question = {
      title: `Bench question number ${i} about pages`,
      content: `Body of question ${i}.`,
      tags: [{ slug_name: 'bench' }],
    };
    for (let attempt = 0; ; attempt++) {
      const asked = await call<{ id: string }>('POST', 'question', question, token);
      if (asked.status === 200) {
        first ||= `/questions/${asked.body.data.id}`;
        break;
      }
      // The other services learn of the new member through the bus a moment later.
      if (attempt > 50) throw new Error(`ask failed: ${asked.status} ${asked.body.msg}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { question: first, profile: `/users/${admin.username}` };
}
const seeded = await seedQuestions(60);
const questionUrl = seeded.question;
await agora.settle();

/** A cold load (fresh browser profile: empty cache) of `pathname`, done once `readyText` is on the page. */
async function coldLoad(pathname: string, readyText: string) {
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
  await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
  await page.getByText(readyText).first().waitFor();
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

/** Milliseconds from navigation start until the question's vote buttons are in the page (cold cache). */
async function detailInteractive(): Promise<number> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(`
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid=question-detail] [data-testid=vote-up]')) {
        window.__ready = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  `);
  const page = await context.newPage();
  await page.goto(`${base}${questionUrl}`);
  await page.locator('[data-testid=question-detail] [data-testid=vote-up]').waitFor();
  const ready = (await page.evaluate('window.__ready')) as number;
  await context.close();
  return ready;
}

/**
 * The largest contentful paint of a cold load of the question page (fresh profile: empty cache), in milliseconds
 * from navigation start: Chromium's last `largest-contentful-paint` entry once the page has settled.
 */
async function detailLargestPaint(): Promise<number> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(`
    window.__lcp = null;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  `);
  const page = await context.newPage();
  await page.goto(`${base}${questionUrl}`, { waitUntil: 'networkidle' });
  const lcp = (await page.evaluate('window.__lcp')) as number | null;
  await context.close();
  if (lcp === null) throw new Error('Chromium reported no largest contentful paint');
  return lcp;
}

/** Milliseconds from navigation start until a profile's header card, tabs and top questions are drawn (cold cache). */
async function profileInteractive(): Promise<number> {
  const ready = '[data-testid=profile-page] [data-testid=profile-top-questions] [data-testid=profile-question]';
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(`
    const observer = new MutationObserver(() => {
      if (document.querySelector('${ready}') && document.querySelector('[data-testid=profile-tabs]')) {
        window.__ready = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  `);
  const page = await context.newPage();
  await page.goto(`${base}${seeded.profile}`);
  await page.locator(ready).first().waitFor();
  const at = (await page.evaluate('window.__ready')) as number;
  await context.close();
  return at;
}

/** Milliseconds from a click on a page link of the question list until that page's rows are drawn. */
async function listPageMoves(samples: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${base}/questions`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=question-rows][data-page="1"]').waitFor();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const target = (i % 3) + 2 > 3 ? 1 : (i % 3) + 2; // 2, 3, 1, 2, 3, 1, …
    await page.waitForTimeout(300); // the next page is fetched ahead meanwhile, as a reader would pause
    const ms = (await page.evaluate(`new Promise((resolve) => {
      const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent.trim() === '${target}');
      const started = performance.now();
      const done = () => document.querySelector('[data-testid=question-rows][data-page="${target}"]');
      const observer = new MutationObserver(() => {
        if (done()) { observer.disconnect(); resolve(performance.now() - started); }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      link.click();
    })`)) as number;
    times.push(ms);
  }
  await context.close();
  return times;
}

const cold = await coldLoad('/questions', 'Questions');
const coldProfilePage = await coldLoad(seeded.profile, 'Top questions');
const coldProfile: number[] = [];
for (let i = 0; i < 7; i++) coldProfile.push(await profileInteractive());
const coldDetail: number[] = [];
for (let i = 0; i < 7; i++) coldDetail.push(await detailInteractive());
const coldDetailPaint: number[] = [];
for (let i = 0; i < 7; i++) coldDetailPaint.push(await detailLargestPaint());
const pageMoves = await listPageMoves(9);
const coldLogin: number[] = [];
const warmLogin: number[] = [];
for (let i = 0; i < 7; i++) coldLogin.push(await loginInteractive(true));
for (let i = 0; i < 7; i++) warmLogin.push(await loginInteractive(false));

const budgets = {
  cold_questions_compressed_kb: { limit: 300, value: Math.round(cold.compressed_js_css_bytes / 102.4) / 10 },
  login_interactive_ms: { limit: 1000, value: summarize(coldLogin).p50_ms },
  question_detail_interactive_cold_ms: { limit: 1500, value: summarize(coldDetail).p50_ms },
  question_detail_largest_paint_cold_ms: { limit: 1000, value: summarize(coldDetailPaint).p50_ms },
  list_page_move_ms: { limit: 200, value: summarize(pageMoves).p50_ms },
  profile_interactive_cold_ms: { limit: 1200, value: summarize(coldProfile).p50_ms },
  cold_profile_compressed_kb: { limit: 300, value: Math.round(coldProfilePage.compressed_js_css_bytes / 102.4) / 10 },
};
const results = {
  machine: machine(),
  // Other processes' load inflates the timings: recorded so figures from different runs compare.
  load_average_1m: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
  cold_load_questions: cold,
  login_interactive_cold: summarize(coldLogin),
  login_interactive_warm_cache: summarize(warmLogin),
  question_detail_interactive_cold: summarize(coldDetail),
  question_detail_largest_paint_cold: summarize(coldDetailPaint),
  list_page_move: summarize(pageMoves),
  cold_load_profile: coldProfilePage,
  profile_interactive_cold: summarize(coldProfile),
  budgets,
  within_budgets:
    budgets.cold_questions_compressed_kb.value <= 300 &&
    budgets.login_interactive_ms.value <= 1000 &&
    budgets.question_detail_interactive_cold_ms.value <= 1500 &&
    budgets.question_detail_largest_paint_cold_ms.value <= 1000 &&
    budgets.list_page_move_ms.value <= 200 &&
    budgets.profile_interactive_cold_ms.value <= 1200 &&
    budgets.cold_profile_compressed_kb.value <= 300 &&
    cold.react_renderers === 1 &&
    !cold.any_file_twice,
};
console.log(JSON.stringify(results, null, 2));
console.log(`written to ${writeResults('web', results)}`);

await browser.close();
await agora.close();
await db.stop();
