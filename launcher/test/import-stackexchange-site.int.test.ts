import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { killGroup, killLaunchers, startLauncher } from '@agora/test-support/launcher-process';
import { freePort } from '@agora/test-support/ports';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStackExchangeDump } from '../../scripts/dump/write-dump';
import { importUnfinished } from '../src/import/import-state';
import { ALL_SERVICES } from '../src/services';
import { agoraCommand, eventLines, runAgora, type SiteStore, siteStore } from './support/import-command';
import { writeDump } from './support/stackexchange-dump';
import { DUMP } from './support/stackexchange-sample';

/**
 * A Stack Exchange dump brought in by `npm run agora -- import stackexchange`, as an operator runs it, and read
 * back through Agora's API (docs/adr/0094-importing-a-community.md).
 */

const API = '/answer/api/v1';
const question = (n: number) => idFromNumber('question', n);
const answer = (n: number) => idFromNumber('answer', n);
const seconds = (iso: string) => Math.floor(Date.parse(`${iso}Z`) / 1000);

let root: string;
let folder: string;
let site: SiteStore;
let stack: Stack;
let firstRun: { code: number | null; output: string };
let report: { outcome: { kind: string } };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'agora-se-site-'));
  folder = join(root, 'dump');
  await writeDump(folder, DUMP);
  const database = await createTestDatabase('se_site');
  site = siteStore(database.url);
  firstRun = await runAgora(site, ['import', 'stackexchange', folder, '--report', join(root, 'report.json')]);
  report = JSON.parse(await readFile(join(root, 'report.json'), 'utf8'));
  stack = await startStack({ services: ALL_SERVICES, database, env: { AGORA_DATA_DIR: site.dataDir } });
}, 240_000);

afterAll(async () => {
  killLaunchers();
  await stack?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a Stack Exchange dump imported', () => {
  it('ends with a report of what came in and what was left out, per kind', () => {
    expect(firstRun.code, firstRun.output).toBe(0);
    expect(report.outcome.kind).toBe('finished');
    expect(firstRun.output).toMatch(/Import finished/);
    expect(firstRun.output).toMatch(/question: 3 read/);
    expect(firstRun.output).toMatch(/no such badge in Agora's catalogue: Teacher/);
  });

  it('keeps a question with its final title, tags, original time, views, closure and accepted answer', async () => {
    const info = await stack.call('GET', `${API}/question/info?id=10`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      id: question(10),
      title: 'Final title',
      view_count: 321,
      create_time: seconds('2011-01-01T12:00:00.123'),
      accepted_answer_id: answer(11),
      status: 2,
    });
    expect(info.body.data.tags.map((t: { slug_name: string }) => t.slug_name).sort()).toEqual(['python', 'regex']);
    // The body is the history's last Markdown, rendered (the dump's HTML is what it rendered to).
    expect(info.body.data.content).toBe('First **body**\n\n    code');
    expect(info.body.data.html).toMatch(/<strong>body<\/strong>[\s\S]*<pre><code>code/);
  });

  it('converts HTML bodies to Markdown that renders the same: code, nested lists, tables, images, entities', async () => {
    const page = await stack.call(
      'GET',
      `${API}/answer/page?question_id=${question(10)}&order=default&page=1&page_size=20`,
    );
    expect(page.status).toBe(200);
    const edgy = page.body.data.list.find((a: { id: string }) => a.id === answer(12));
    expect(edgy).toBeDefined();
    const html: string = edgy.html;
    expect(html).toMatch(/Edge cases &amp; entities: &lt;div&gt; ©/);
    expect(html).toMatch(/<pre><code[^>]*>if a &lt; b:\n\n {4}print\("``"\)\n<\/code><\/pre>/);
    expect(html).toMatch(/<ul>\s*<li>\s*(<p>)?outer(<\/p>)?\s*<ol>\s*<li>\s*(<p>)?inner/);
    expect(html).toMatch(/<table>[\s\S]*<th>k<\/th>[\s\S]*<td>a<\/td>[\s\S]*<td>1<\/td>[\s\S]*<\/table>/);
    expect(html).toContain('<img src="https://i.stack.imgur.com/x.png" alt="shot"');
    expect(edgy.content).not.toMatch(/<table|<pre|<ul/);
    // A post of a member the dump does not have stays, under the placeholder.
    expect(edgy.user_info.status).toBe('deleted');
    const accepted = page.body.data.list.find((a: { id: string }) => a.id === answer(11));
    expect(accepted).toMatchObject({ accepted: 2, vote_count: -1, create_time: seconds('2011-01-02T12:00:00.000') });
  });

  it('keeps comments, votes without voters counted, and favourites as bookmarks', async () => {
    const comments = await stack.call('GET', `${API}/comment/page?object_id=${question(10)}&page=1&page_size=10`);
    expect(comments.body.data.list).toHaveLength(1);
    expect(comments.body.data.list[0]).toMatchObject({ username: expect.stringMatching(/-2$/) });
    expect(comments.body.data.list[0].parsed_text).toContain('<a href="https://docs.example"');
    expect(comments.body.data.list[0].parsed_text).toContain('<code>code</code>');
    const info = await stack.call('GET', `${API}/question/info?id=10`);
    expect(info.body.data.vote_count).toBe(1);
    expect(info.body.data.collection_count).toBe(1);
  });

  it('keeps tags with their wiki, excerpt and moderator-only state, and tags only posts name', async () => {
    const python = await stack.call('GET', `${API}/tag?name=python`);
    expect(python.status).toBe(200);
    expect(python.body.data).toMatchObject({ slug_name: 'python', reserved: true });
    expect(python.body.data.original_text).toContain('The `python` wiki.');
    expect(python.body.data.excerpt).toContain('Python is a language.');
    expect((await stack.call('GET', `${API}/tag?name=orphan-tag`)).status).toBe(200);
  });

  it('keeps members with their profile, reputation and time of joining', async () => {
    const ada = await stack.call('GET', `${API}/personal/user/info?username=ada-lovelace-1`);
    expect(ada.status).toBe(200);
    expect(ada.body.data).toMatchObject({
      display_name: 'Ada Lovelace',
      rank: 1234,
      website: 'https://ada.example',
      location: 'London',
      created_at: seconds('2010-02-01T10:00:00.000'),
    });
    expect(ada.body.data.bio_html).toContain('<strong>programs</strong>');
  });

  it('keeps a deleted question out of sight and a duplicate link as a linked question', async () => {
    expect((await stack.call('GET', `${API}/question/info?id=40`)).status).toBe(404);
    const linked = await stack.call('GET', `${API}/question/link?question_id=${question(10)}&page=1&page_size=10`);
    expect(linked.body.data.list.map((q: { id: string }) => q.id)).toContain(question(30));
  });

  it('refuses to run again on the site it filled, and with --merge writes nothing twice', async () => {
    // Reading the site counts views, which are events of its own: what the import wrote is compared.
    const before = await eventLines(site.url, { importedOnly: true });
    const again = await runAgora(site, ['import', 'stackexchange', folder]);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/has content of its own/);
    const merged = await runAgora(site, ['import', 'stackexchange', folder, '--merge']);
    expect(merged.code, merged.output).toBe(0);
    expect(await eventLines(site.url, { importedOnly: true })).toEqual(before);
  }, 120_000);

  it('with --dry-run reads and checks everything and writes nothing', async () => {
    const database = await createTestDatabase('se_dry');
    try {
      const dry = siteStore(database.url);
      const checked = await runAgora(dry, ['import', 'stackexchange', folder, '--dry-run']);
      expect(checked.code, checked.output).toBe(0);
      expect(checked.output).toMatch(/question: 3/);
      expect(await eventLines(dry.url)).toEqual([]);
      expect(await importUnfinished(dry.url)).toBeNull();
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('stops on bad input naming the file and row, and leaves nothing half-written in sight', async () => {
    const database = await createTestDatabase('se_bad');
    try {
      const broken = join(root, 'broken');
      await writeDump(broken, DUMP);
      const posts = await readFile(join(broken, 'Posts.xml'), 'utf8');
      const { writeFile } = await import('node:fs/promises');
      await writeFile(join(broken, 'Posts.xml'), posts.replace('PostTypeId="2"', 'PostTypeId="two"'));
      const bad = await runAgora(siteStore(database.url), ['import', 'stackexchange', broken]);
      expect(bad.code).toBe(65);
      expect(bad.output).toMatch(/Posts\.xml, row 2: PostTypeId="two" is not a valid integer/);
      expect(await eventLines(database.url)).toEqual([]);
    } finally {
      await database.drop();
    }
  }, 120_000);
});

describe('an import stopped by a crash', () => {
  it('goes on from its last checkpoint when run again, and ends with what an unbroken run writes', async () => {
    const generated = join(root, 'generated');
    await writeStackExchangeDump({
      folder: generated,
      questions: 120,
      answersPerQuestion: 2,
      commentsPerQuestion: 2,
      votesPerQuestion: 4,
      members: 30,
      seed: 7,
    });
    const unbrokenDb = await createTestDatabase('se_unbroken');
    const crashedDb = await createTestDatabase('se_crashed');
    try {
      const unbroken = await runAgora(siteStore(unbrokenDb.url), ['import', 'stackexchange', generated]);
      expect(unbroken.code, unbroken.output).toBe(0);

      const crashed = siteStore(crashedDb.url);
      const run = agoraCommand(crashed, ['import', 'stackexchange', generated, '--batch', '20']);
      await eventually(() => /import answer .* [1-9]\d*\/\d+/.test(run.output()), 120_000, 50);
      killGroup(run.child);
      await run.exited;
      expect(await importUnfinished(crashed.url)).toMatch(/Stack Exchange data dump/);

      // Meanwhile the site, started, shows its maintenance page, and opens once the import has finished.
      const port = await freePort();
      const site = startLauncher(
        {
          DATABASE_URL: crashed.url,
          AGORA_DATA_DIR: crashed.dataDir,
          AGORA_PORT: String(port),
          AGORA_OPERATOR_PORT: String(await freePort()),
          AGORA_INSTALLER: 'off',
        },
        ['start'],
      );
      const siteinfo = async () =>
        (await fetch(`http://127.0.0.1:${port}/answer/api/v1/siteinfo`).catch(() => null))?.status;
      await eventually(async () => (await siteinfo()) === 503, 60_000, 200);
      const page = await fetch(`http://127.0.0.1:${port}/questions`);
      expect(page.url).toMatch(/\/maintenance$/);

      const resumed = await runAgora(crashed, ['import', 'stackexchange', generated, '--batch', '20']);
      expect(resumed.code, resumed.output).toBe(0);
      expect(resumed.output).toMatch(/Import resumed and finished/);
      expect(await importUnfinished(crashed.url)).toBeNull();
      await eventually(async () => (await siteinfo()) === 200, 120_000, 200);
      killGroup(site.child);
      await site.exited;
      // The started site wrote events of its own (its signing keys): what the imports wrote is compared.
      expect(await eventLines(crashed.url, { importedOnly: true })).toEqual(
        await eventLines(unbrokenDb.url, { importedOnly: true }),
      );
    } finally {
      await unbrokenDb.drop();
      await crashedDb.drop();
    }
  }, 300_000);
});
