import { rebuildInlineReadModel } from '@agora/platform';
import { eventually } from '@agora/test-support/eventually';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagsReadModel } from '../src/projections/tags/read-model';
import { suggestTags } from '../src/queries/suggestions';
import { TagNameIndex, type TagNames } from '../src/queries/tag-name-index';
import { type TagOrder, tagPage } from '../src/queries/tag-page';
import { tagsFor } from '../src/service';
import { API, ask, createTag, type Member, moderator, setTagSettings, tagsStack } from './support';

let stack: Stack;
let mod: Member;

const tags = () => stack.service('tags');
const db = () => tags().context.database.db;
const settings = () => tagsFor(tags()).reads.settings();
const index = () => new TagNameIndex(db(), tags().context.changes);

/**
 * The index's answer once it has one: it answers null, by design, while any older transaction of the
 * cluster (another test file's, in CI) still runs when a tag row last changed.
 */
async function answered(names: TagNameIndex): Promise<TagNames> {
  const found: TagNames[] = [];
  await eventually(async () => {
    const answer = await names.current();
    if (answer) found.push(answer);
    return answer !== null;
  });
  return found[0]!;
}

const TEXTS = [
  'a',
  'j',
  'ja',
  'jav',
  'java',
  'script',
  'SCRIPT',
  'sc',
  'x',
  'δ',
  'db',
  'data',
  'no-such',
  'e',
  'r',
  '+',
];
const FILTERS = ['a', 'ja', 'script', 'δ', 'd', 'zz', '+'];

/** The in-memory answers must be the SQL answers, for every text, filter, order and page. */
async function expectSameAsSql(names: Awaited<ReturnType<TagNameIndex['current']>>) {
  expect(names).not.toBeNull();
  const site = await settings();
  for (const text of TEXTS) {
    expect(await suggestTags(db(), text, site, names), text).toEqual(await suggestTags(db(), text, site, null));
  }
  for (const filter of FILTERS) {
    for (const order of ['popular', 'name', 'newest'] as TagOrder[]) {
      for (const page of [1, 2]) {
        const query = { page, page_size: 3, query_cond: order, filter };
        expect(await tagPage(db(), query, site, names), `${filter} ${order} ${page}`).toEqual(
          await tagPage(db(), query, site, null),
        );
      }
    }
  }
}

beforeAll(async () => {
  stack = await tagsStack();
  mod = await moderator(stack);
  for (const [slug, name] of [
    ['java', 'Java'],
    ['javascript', 'JavaScript'],
    ['typescript', 'TypeScript'],
    ['ajax', 'AJAX calls'],
    ['database', 'Databases'],
    ['data-science', 'Data science'],
    ['delta', 'Δέλτα'],
    ['c++', 'C++'],
    ['scala', 'Scala'],
    ['rust', 'Rust'],
    ['react', 'React'],
    ['redux', 'Redux'],
    ['gone', 'Gone'],
  ]) {
    await createTag(stack, mod.token, { slug_name: slug!, display_name: name });
  }
  await ask(stack, mod.token, ['javascript', 'react', 'redux']);
  await ask(stack, mod.token, ['javascript', 'typescript']);
  await ask(stack, mod.token, ['java', 'scala']);
  await ask(stack, mod.token, ['rust']);
  const gone = (await stack.call('GET', `${API}/tag?name=gone`)).body.data;
  await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: gone.tag_id } });
  const javascript = (await stack.call('GET', `${API}/tag?name=javascript`)).body.data;
  await stack.call('PUT', `${API}/tag/synonym`, {
    token: mod.token,
    body: { tag_id: javascript.tag_id, synonym_tag_list: [{ slug_name: 'js' }, { slug_name: 'ecmascript' }] },
  });
  await setTagSettings(stack, { recommend_tags: [{ slug_name: 'rust' }, { slug_name: 'scala' }] } as never);
  await stack.settle();
});
afterAll(async () => {
  await stack?.close();
});

describe('the in-memory tag name index', () => {
  it('answers suggestions and filtered tag pages exactly as PostgreSQL does', async () => {
    await expectSameAsSql(await answered(index()));
  });

  it('follows renames, new tags, counts and deletions, reading only what changed', async () => {
    const names = index();
    expect((await answered(names))?.tags.size).toBeGreaterThan(10);
    const redux = (await stack.call('GET', `${API}/tag?name=redux`)).body.data;
    const renamed = await stack.call('PUT', `${API}/tag`, {
      token: mod.token,
      body: { tag_id: redux.tag_id, display_name: 'Redux Toolkit', original_text: 'State', edit_summary: 'name' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await createTag(stack, mod.token, { slug_name: 'javelin', display_name: 'Javelin' });
    await ask(stack, mod.token, ['javelin', 'database']);
    await stack.settle();
    const after = await answered(names);
    expect(after?.tags.get(redux.tag_id)?.lower).toBe('redux toolkit');
    expect([...(after?.tags.values() ?? [])].find((t) => t.slug === 'javelin')?.count).toBe(1);
    await expectSameAsSql(after);
  });

  it('sorts once instead of moving tags one by one when many were added since the last look', async () => {
    const names = index();
    await names.current();
    for (let i = 0; i < 300; i++) {
      await createTag(stack, mod.token, { slug_name: `jab-${String(i).padStart(3, '0')}`, display_name: `Jab ${i}` });
    }
    await stack.settle();
    const after = await answered(names);
    expect([...(after?.tags.values() ?? [])].filter((t) => t.slug.startsWith('jab-'))).toHaveLength(300);
    expect(after?.withPrefix('jab-')).toHaveLength(300);
    await expectSameAsSql(after);
  });

  it('starts over when a rebuild empties the tags', async () => {
    const names = index();
    await names.current();
    await rebuildInlineReadModel(tags().context.database, tagsReadModel);
    await tags().projections.rebuild('question-counts');
    await stack.settle();
    await expectSameAsSql(await answered(names));
  });

  it('gives no answer while changes cannot be heard', async () => {
    const feed = { version: null };
    expect(await new TagNameIndex(db(), feed).current()).toBeNull();
  });
});
