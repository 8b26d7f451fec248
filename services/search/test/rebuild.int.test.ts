import { Role } from '@agora/contracts';
import { connectDatabase, createEventBus, ProjectionRunner, type ServiceDatabase } from '@agora/platform';
import type { Stack } from '@agora/test-support/stack';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindex } from '../src/indexing/reindex';
import { replayReadModel } from '../src/indexing/replay';
import { searchFor, searchReadModelProjections } from '../src/service';
import { API, answer, ask, indexed, type Member, member, searcher, searchStack } from './support/search-stack';

const log = pino({ level: 'silent' });
let stack: Stack;
let close: () => Promise<void>;
let search: ReturnType<typeof searcher>;
let asker: Member;
let mod: Member;
let voter: Member;

beforeAll(async () => {
  ({ stack, close } = await searchStack({ kind: 'postgres' }));
  search = searcher(stack);
  asker = await member(stack, { name: 'Rebuild Asker' });
  mod = await member(stack, { name: 'Rebuild Moderator', roleId: Role.moderator });
  voter = await member(stack, { name: 'Rebuild Voter', rank: 500 });
  await ask(stack, mod.token, {
    title: 'Seeding tags for the rebuild',
    content: 'seeding body',
    tags: ['kafka', 'js', 'javascript'],
  });
  const kept = await ask(stack, asker.token, { title: 'Emu question kept', content: 'emu body text', tags: ['kafka'] });
  const reply = await answer(stack, mod.token, kept, 'An emu answer that gets accepted.');
  await stack.call('POST', `${API}/answer/acceptance`, {
    token: asker.token,
    body: { question_id: kept, answer_id: reply },
  });
  // The votes service learns of new posts from posts' events.
  await stack.settle();
  await stack.call('POST', `${API}/vote/up`, { token: voter.token, body: { object_id: kept, is_cancel: false } });
  await stack.call('POST', `${API}/follow`, { token: voter.token, body: { object_id: kept } });
  const gone = await ask(stack, asker.token, {
    title: 'Emu question deleted',
    content: 'emu body text',
    tags: ['kafka'],
  });
  await stack.call('DELETE', `${API}/question`, { token: mod.token, body: { id: gone } });
  const hidden = await ask(stack, asker.token, {
    title: 'Emu question hidden',
    content: 'emu body text',
    tags: ['js'],
  });
  await stack.call('PUT', `${API}/question/operation`, { token: mod.token, body: { id: hidden, operation: 'hide' } });
  await stack.call('PUT', `${API}/question`, {
    token: asker.token,
    body: { id: kept, title: 'Emu question kept and edited', content: 'emu body, edited', tags: [{ slug_name: 'js' }] },
  });
  await stack.settle();
  const main = (await stack.call('GET', `${API}/tag?name=javascript`)).body.data;
  await stack.call('PUT', `${API}/tag/synonym`, {
    token: mod.token,
    body: { tag_id: main.tag_id, synonym_tag_list: [{ slug_name: 'js' }] },
  });
  await indexed(stack);
});
afterAll(async () => {
  await close?.();
});

async function readModel(database: ServiceDatabase) {
  const rows = async (text: string) => (await database.pool.query(text)).rows;
  return {
    posts:
      await rows(`select id, type, question_id, user_id, title, url_title, body, tags, status, hidden, accepted_answer_id,
                              answer_count, view_count, created_at, active_at, version from search_posts order by id`),
    counts: await rows('select * from search_post_counts order by object_id'),
    votes: await rows('select * from search_votes order by object_id, user_id'),
    tags: await rows('select * from search_tags order by tag_id'),
    follows: await rows('select * from search_question_follows order by question_id, user_id'),
  };
}

describe('rebuilding search from the events', () => {
  it('replays the read model from position zero to the same rows, and a reindex serves the same results', async () => {
    const database = connectDatabase({ url: stack.databaseUrl, schema: 'search', maxConnections: 3 });
    const bus = await createEventBus({ kind: 'postgres', databaseUrl: stack.databaseUrl, log });
    try {
      const before = await readModel(database);
      expect(before.posts.length).toBeGreaterThanOrEqual(5);
      expect(before.follows).toHaveLength(1);
      const queries = ['emu', 'emu [javascript]', 'emu is:answer', 'emu score:1', 'emu answers:1'];
      const results = async (token?: string) =>
        Promise.all(queries.map(async (q) => (await search(q, { token })).body.data));
      const served = { anonymous: await results(), staff: await results(mod.token) };
      expect(served.anonymous[0].count).toBe(2);
      expect(served.staff[0].count).toBe(3);
      // The edited question (tagged with the synonym js) and its answer.
      expect(served.anonymous[1].count).toBe(2);

      const runner = new ProjectionRunner({ bus, database, log, projections: searchReadModelProjections });
      const progress: number[] = [];
      const finished = await replayReadModel({
        db: database.db,
        runner,
        projections: searchReadModelProjections.map((p) => p.name),
        onProgress: (done) => progress.push(done),
      });
      expect(finished).toBe(true);
      expect(progress.length).toBeGreaterThan(0);
      expect(await readModel(database)).toEqual(before);

      const index = await searchFor(stack.service('search')).index();
      const rebuilt = await reindex({ db: database.db, index, restart: true });
      expect(rebuilt).toMatchObject({ completed: true, documents: before.posts.length });
      await indexed(stack);
      expect({ anonymous: await results(), staff: await results(mod.token) }).toEqual(served);
    } finally {
      await bus.close();
      await database.close();
    }
  });
});
