import { defaultSiteSettings, Role } from '@agora/contracts';
import { updateSettingsGroup } from '@agora/site';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFor } from '../../src/service';
import { query } from './corpus';
import {
  API,
  answer,
  ask,
  indexed,
  type Member,
  member,
  type SearchAdapter,
  searcher,
  searchStack,
  within,
} from './search-stack';

const ids = (body: any): string[] => body.data.list.map((r: { object: { id: string } }) => r.object.id);

/** `search`, `search/desc` and `question/similar` through the gateway, fed by the real services' events. */
export function searchRoutesSuite(adapter: SearchAdapter) {
  describe(`search routes: ${adapter.kind}`, () => {
    let stack: Stack;
    let close: () => Promise<void>;
    let asker: Member;
    let other: Member;
    let voter: Member;
    let mod: Member;
    let search: ReturnType<typeof searcher>;

    beforeAll(async () => {
      ({ stack, close } = await searchStack(adapter));
      search = searcher(stack);
      asker = await member(stack, { name: 'Asker Person' });
      other = await member(stack, { name: 'Other Person' });
      mod = await member(stack, { name: 'Moder Ator', roleId: Role.moderator });
      voter = await member(stack, { name: 'Vote Caster', rank: 500 });
      // A moderator brings the tags into use, so members may use them.
      await ask(stack, mod.token, {
        title: 'Seeding the common tags',
        content: 'Tags for the tests.',
        tags: ['kafka', 'postgresql', 'c++', 'node.js', 'c#'],
      });
      await indexed(stack);
    });
    afterAll(async () => {
      await close?.();
    });

    it('finds a new question within 2 s, shaped as a SearchResult of the reference API', async () => {
      const id = await ask(stack, asker.token, {
        title: 'How do consumer offsets zebrafy in Kafka?',
        content: 'The **broker** stores offsets; I want to zebrafy them quickly.',
        tags: ['kafka'],
      });
      const { value, ms } = await within(
        2000,
        () => search('zebrafy'),
        (r) => r.body.data.count === 1,
      );
      expect(ms).toBeLessThan(2000);
      expect(value.status).toBe(200);
      expect(value.body.data).toEqual({
        count: 1,
        list: [
          {
            object_type: 'question',
            object: {
              id,
              question_id: id,
              title: 'How do consumer offsets zebrafy in Kafka?',
              url_title: 'how-do-consumer-offsets-zebrafy-in-kafka',
              excerpt: 'The broker stores offsets; I want to zebrafy them quickly.',
              created_at: expect.any(Number),
              vote_count: 0,
              accepted: false,
              answer_count: 0,
              user_info: {
                id: asker.id,
                username: asker.username,
                display_name: 'Asker Person',
                rank: expect.any(Number),
                status: 'normal',
              },
              tags: [
                {
                  slug_name: 'kafka',
                  display_name: 'kafka',
                  main_tag_slug_name: '',
                  recommend: false,
                  reserved: false,
                },
              ],
              status: 'available',
              highlight: {
                title: 'How do consumer offsets <em>zebrafy</em> in Kafka?',
                excerpt: 'The broker stores offsets; I want to <em>zebrafy</em> them quickly.',
              },
            },
          },
        ],
      });
      expect(Math.abs(value.body.data.list[0].object.created_at - Date.now() / 1000)).toBeLessThan(60);
    });

    it('indexes answers, acceptance and votes', async () => {
      const question = await ask(stack, asker.token, {
        title: 'Quokka question about partitions',
        content: 'How many quokka partitions should a topic have?',
        tags: ['kafka'],
      });
      const reply = await answer(stack, other.token, question, 'Use twelve quokka partitions for most topics.');
      const accepted = await stack.call('POST', `${API}/answer/acceptance`, {
        token: asker.token,
        body: { question_id: question, answer_id: reply },
      });
      expect(accepted.status).toBe(200);
      // The votes service learns of new posts from posts' events.
      await stack.settle();
      const voted = await stack.call('POST', `${API}/vote/up`, {
        token: voter.token,
        body: { object_id: reply, is_cancel: false },
      });
      expect(voted.status, JSON.stringify(voted.body)).toBe(200);
      const { value } = await within(
        5000,
        () => search('quokka is:answer score:1'),
        (r) => r.body.data.count === 1,
      );
      expect(value.body.data.list[0]).toMatchObject({
        object_type: 'answer',
        object: {
          id: reply,
          question_id: question,
          title: 'Quokka question about partitions',
          url_title: 'quokka-question-about-partitions',
          vote_count: 1,
          accepted: true,
          answer_count: 1,
          user_info: { id: other.id, display_name: 'Other Person' },
          tags: [{ slug_name: 'kafka' }],
          highlight: { excerpt: 'Use twelve <em>quokka</em> partitions for most topics.' },
        },
      });
      expect(ids((await search('quokka answers:1')).body)).toEqual([question]);
      expect((await search('quokka answers:1')).body.data.list[0].object).toMatchObject({
        accepted: true,
        answer_count: 1,
      });
      expect((await search('quokka answers:0')).body.data).toEqual({ count: 0, list: [] });
      expect(ids((await search('quokka', { order: 'score' })).body)).toEqual([reply, question]);
    });

    it('drops a deleted question and its answers within 2 s', async () => {
      const question = await ask(stack, asker.token, {
        title: 'Wallaby deletion candidate',
        content: 'This wallaby question will be deleted.',
        tags: ['kafka'],
      });
      await answer(stack, other.token, question, 'A wallaby answer that goes with it.');
      await within(
        5000,
        () => search('wallaby'),
        (r) => r.body.data.count === 2,
      );
      const deleted = await stack.call('DELETE', `${API}/question`, { token: mod.token, body: { id: question } });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const { ms } = await within(
        2000,
        () => search('wallaby'),
        (r) => r.body.data.count === 0,
      );
      expect(ms).toBeLessThan(2000);
      expect((await search('wallaby', { token: mod.token })).body.data.count).toBe(0);
      // The index itself no longer offers them to anyone (not only the results read from the read model).
      await indexed(stack);
      const index = await searchFor(stack.service('search')).index();
      expect((await index.search(query({ words: ['wallaby'], visibility: ['public', 'staff'] }))).count).toBe(0);
    });

    it('finds an edited question by its new text, not its old one', async () => {
      const question = await ask(stack, asker.token, {
        title: 'Original capybara title',
        content: 'The capybara body before the edit.',
        tags: ['kafka'],
      });
      await within(
        5000,
        () => search('capybara'),
        (r) => r.body.data.count === 1,
      );
      const edited = await stack.call('PUT', `${API}/question`, {
        token: asker.token,
        body: {
          id: question,
          title: 'Rewritten axolotl title',
          content: 'The axolotl body after the edit.',
          tags: [{ slug_name: 'postgresql' }],
        },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await within(
        2000,
        () => search('axolotl [postgresql]'),
        (r) => r.body.data.count === 1,
      );
      expect((await search('capybara')).body.data.count).toBe(0);
      expect((await search('axolotl [kafka]')).body.data.count).toBe(0);
    });

    it('shows hidden questions to staff only', async () => {
      const question = await ask(stack, asker.token, {
        title: 'Pangolin question to hide',
        content: 'A pangolin question a moderator unlists.',
        tags: ['kafka'],
      });
      await within(
        5000,
        () => search('pangolin'),
        (r) => r.body.data.count === 1,
      );
      const hide = (operation: string) =>
        stack.call('PUT', `${API}/question/operation`, { token: mod.token, body: { id: question, operation } });
      expect((await hide('hide')).status).toBe(200);
      await within(
        2000,
        () => search('pangolin'),
        (r) => r.body.data.count === 0,
      );
      expect((await search('pangolin', { token: asker.token })).body.data.count).toBe(0);
      expect(ids((await search('pangolin', { token: mod.token })).body)).toEqual([question]);
      await indexed(stack);
      const index = await searchFor(stack.service('search')).index();
      expect((await index.search(query({ words: ['pangolin'] }))).count).toBe(0);
      expect((await index.search(query({ words: ['pangolin'], visibility: ['public', 'staff'] }))).count).toBe(1);
      expect((await hide('show')).status).toBe(200);
      await within(
        2000,
        () => search('pangolin'),
        (r) => r.body.data.count === 1,
      );
    });

    it('filters by user:name and user:me', async () => {
      const mine = await ask(stack, asker.token, {
        title: 'Narwhal by the asker',
        content: 'narwhal one',
        tags: ['kafka'],
      });
      const theirs = await ask(stack, other.token, {
        title: 'Narwhal by the other',
        content: 'narwhal two',
        tags: ['kafka'],
      });
      await indexed(stack);
      expect(ids((await search(`narwhal user:${asker.username}`)).body)).toEqual([mine]);
      expect(ids((await search(`user:${other.username} narwhal`)).body)).toEqual([theirs]);
      expect(ids((await search('narwhal user:me', { token: other.token })).body)).toEqual([theirs]);
      expect((await search('narwhal user:me')).body.data.count).toBe(0);
      expect((await search('narwhal user:nobody-by-this-name')).body.data.count).toBe(0);
    });

    it('finds the main tag and its synonyms with [tag], tags with punctuation included', async () => {
      const withJs = await ask(stack, mod.token, { title: 'Wombat closures', content: 'wombat one', tags: ['js'] });
      const withMain = await ask(stack, mod.token, {
        title: 'Wombat promises',
        content: 'wombat two',
        tags: ['javascript', 'c++', 'node.js'],
      });
      await stack.settle();
      const main = (await stack.call('GET', `${API}/tag?name=javascript`)).body.data;
      const linked = await stack.call('PUT', `${API}/tag/synonym`, {
        token: mod.token,
        body: { tag_id: main.tag_id, synonym_tag_list: [{ slug_name: 'js' }] },
      });
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
      const both = [withMain, withJs].sort();
      await within(
        5000,
        () => search('wombat [javascript]'),
        (r) => r.body.data.count === 2,
      );
      expect(ids((await search('wombat [javascript]')).body).sort()).toEqual(both);
      expect(ids((await search('wombat [js]')).body).sort()).toEqual(both);
      expect(ids((await search('wombat [JavaScript] [c++] [node.js]')).body)).toEqual([withMain]);
      const jsResult = (await search('closures [js]')).body.data.list[0].object;
      expect(jsResult.tags).toEqual([
        { slug_name: 'js', display_name: 'js', main_tag_slug_name: 'javascript', recommend: false, reserved: false },
      ]);
    });

    it('searches Chinese text', async () => {
      const id = await ask(stack, asker.token, {
        title: '如何在社区里搜索中文问题',
        content: '中文全文检索使用二元分词。',
        tags: ['kafka'],
      });
      await within(
        5000,
        () => search('中文问题'),
        (r) => r.body.data.count === 1,
      );
      expect(ids((await search('二元分词')).body)).toEqual([id]);
      expect((await search('分词二元')).body.data.count).toBe(0);
      expect((await search('中文问题')).body.data.list[0].object.highlight.title).toBe(
        '如何在社区里搜索<em>中文问题</em>',
      );
    });

    it('combines operators, sorts and pages', async () => {
      const made: string[] = [];
      for (const n of [1, 2, 3]) {
        made.push(
          await ask(stack, asker.token, {
            title: `Platypus question number ${n}`,
            content: `The platypus detail "exactly once" in body ${n}.`,
            tags: ['kafka'],
          }),
        );
      }
      await indexed(stack);
      const first = await search('platypus', { order: 'newest', size: 2 });
      const second = await search('platypus', { order: 'newest', size: 2, page: 2 });
      expect(first.body.data.count).toBe(3);
      expect([...ids(first.body), ...ids(second.body)]).toEqual([...made].reverse());
      expect(ids((await search('platypus', { order: 'active', page: 9 })).body)).toEqual([]);
      expect(
        ids((await search(`"platypus detail" [kafka] is:question user:${asker.username} score:0`)).body).sort(),
      ).toEqual([...made].sort());
      expect(ids((await search('platypus "detail platypus"')).body)).toEqual([]);
    });

    it('answers 400 per field on bad input', async () => {
      const bad = async (query: string) => {
        const { status, body } = await stack.call('GET', `${API}/search${query}`);
        expect(status).toBe(400);
        return body.data;
      };
      expect(await bad('')).toEqual([{ error_field: 'q', error_msg: 'Search query cannot be empty.' }]);
      expect(await bad('?q=')).toEqual([{ error_field: 'q', error_msg: 'Search query cannot be empty.' }]);
      expect(await bad('?q=%20%20')).toEqual([{ error_field: 'q', error_msg: 'Search query cannot be empty.' }]);
      expect(await bad(`?q=${'x'.repeat(101)}`)).toEqual([
        { error_field: 'q', error_msg: 'Search query must be at most 100 characters.' },
      ]);
      expect(await bad('?q=kafka&order=popular&page=0&size=51')).toEqual([
        { error_field: 'order', error_msg: 'Order is invalid.' },
        { error_field: 'page', error_msg: 'Page must be at least 1.' },
        { error_field: 'size', error_msg: 'Page size must be at most 50.' },
      ]);
      expect(await bad('?q=kafka&size=0')).toEqual([
        { error_field: 'size', error_msg: 'Page size must be at least 1.' },
      ]);
      const zh = await stack.call('GET', `${API}/search?q=`, { headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.data).toEqual([{ error_field: 'q', error_msg: '搜索内容不能为空。' }]);

      expect((await stack.call('GET', `${API}/question/similar?title=kafka`)).status).toBe(401);
      const noTitle = await stack.call('GET', `${API}/question/similar`, { token: asker.token });
      expect(noTitle.status).toBe(400);
      expect(noTitle.body.data).toEqual([{ error_field: 'title', error_msg: 'Title cannot be empty.' }]);
      const blank = await stack.call('GET', `${API}/question/similar?title=%20`, { token: asker.token });
      expect(blank.body.data).toEqual([{ error_field: 'title', error_msg: 'Title cannot be empty.' }]);
    });

    it('describes the engine with search/desc', async () => {
      const { status, body } = await stack.call('GET', `${API}/search/desc`);
      expect(status).toBe(200);
      expect(body.data).toEqual(
        adapter.kind === 'opensearch'
          ? { name: 'OpenSearch', icon: '', link: 'https://opensearch.org/' }
          : { name: '', icon: '', link: '' },
      );
    });

    it('suggests similar questions while asking', async () => {
      const id = await ask(stack, asker.token, {
        title: 'Numbat migration between clusters',
        content: 'Moving numbat data.',
        tags: ['kafka'],
      });
      expect((await stack.call('POST', `${API}/follow`, { token: other.token, body: { object_id: id } })).status).toBe(
        200,
      );
      await indexed(stack);
      const { status, body } = await stack.call(
        'GET',
        `${API}/question/similar?title=${encodeURIComponent('How to migrate numbat clusters?')}`,
        {
          token: other.token,
        },
      );
      expect(status).toBe(200);
      expect(body.data[0]).toEqual({
        id,
        title: 'Numbat migration between clusters',
        url_title: 'numbat-migration-between-clusters',
        view_count: 0,
        answer_count: 0,
        collection_count: 0,
        follow_count: 1,
        status: 'available',
        accepted_answer: false,
      });
      expect(body.data.length).toBeLessThanOrEqual(10);
    });

    it('asks for a captcha from the 21st search when the site switches captchas on', async () => {
      const security = { ...defaultSiteSettings('http://agora.test').security, captcha_enabled: true };
      await updateSettingsGroup(stack.service('site').context, { group: 'security', values: security }, null);
      await stack.settle();
      try {
        for (let n = 0; n < 20; n++) expect((await search('kafka', { token: other.token })).status).toBe(200);
        const due = await search('kafka', { token: other.token });
        expect(due.status).toBe(400);
        expect(due.body.data).toEqual([{ error_field: 'captcha_code', error_msg: expect.any(String) }]);
        const record = await stack.call('GET', `${API}/user/action/record?action=search`, { token: other.token });
        expect(record.body.data.verify).toBe(true);
        const [row] = await stack.query<{ answer: string }>(
          'select answer from search.captchas where captcha_id = $1',
          [record.body.data.captcha_id],
        );
        const solved = await stack.call(
          'GET',
          `${API}/search?q=kafka&captcha_id=${record.body.data.captcha_id}&captcha_code=${row!.answer}`,
          { token: other.token },
        );
        expect(solved.status).toBe(200);
      } finally {
        await updateSettingsGroup(
          stack.service('site').context,
          { group: 'security', values: { ...security, captcha_enabled: false } },
          null,
        );
        await stack.settle();
      }
    });
  });
}
