import { defaultSiteSettings, Role } from '@agora/contracts';
import type { Actor } from '@agora/platform';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTags, normalizeTags, resolveTags } from '../src/commands/question-tags';
import { postsService } from '../src/service';

// resolveTags answers in one statement both which main tag each typed tag files under and which tags
// exist already (for checkTags); these hold it to the tag rules of the question form.
let stack: Stack;
const settings = defaultSiteSettings('http://agora.test');
const member = { id: 'member-1', roleId: Role.user, rank: 1 } as unknown as Actor;

beforeAll(async () => {
  stack = await startStack({ services: [postsService] });
  await stack.query(
    `insert into posts.tag_catalog (tag_id, slug_name, display_name, main_tag_id, deleted, version) values
     ('t1', 'javascript', 'JavaScript', null, false, 1),
     ('t2', 'js', 'js', 't1', false, 1),
     ('t3', 'retired', 'Retired', null, true, 1),
     ('t4', 'orphan-synonym', 'Orphan', 't3', false, 1)`,
  );
  await stack.query(
    `insert into posts.known_tags (slug_name, display_name) values ('used-before', 'used-before'), ('retired', 'retired')`,
  );
});

afterAll(async () => {
  await stack?.close();
});

const resolve = (...slugs: string[]) =>
  resolveTags(stack.service('posts').context.database.db, normalizeTags(slugs.map((slug_name) => ({ slug_name }))));

describe('resolveTags', () => {
  it('files a synonym under its main tag, once, with the main display name', async () => {
    const { tags } = await resolve('js', 'JavaScript', 'never-seen');
    expect(tags).toEqual([
      { slug_name: 'javascript', display_name: 'JavaScript' },
      { slug_name: 'never-seen', display_name: 'never-seen' },
    ]);
  });

  it('keeps a synonym of a deleted main tag as itself', async () => {
    expect((await resolve('orphan-synonym')).tags).toEqual([{ slug_name: 'orphan-synonym', display_name: 'Orphan' }]);
  });

  it('knows the tags service tags and those questions use, but not what the tags service deleted', async () => {
    const { known } = await resolve('js', 'used-before', 'retired', 'never-seen');
    expect([...known].sort()).toEqual(['javascript', 'used-before']);
  });

  it('lets checkTags refuse a member a tag that does not exist, but not one that does', async () => {
    expect(() =>
      checkTags(
        member,
        { tags: [{ slug_name: 'used-before', display_name: 'u' }], known: new Set(['used-before']) },
        settings,
      ),
    ).not.toThrow();
    const retired = await resolve('retired');
    expect(() => checkTags(member, retired, settings)).toThrow();
  });
});
