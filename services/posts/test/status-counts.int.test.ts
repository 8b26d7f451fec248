import { PostStatus } from '@agora/contracts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ services: [postsService] });
});
afterAll(async () => {
  await stack?.close();
});

/** The kept totals by kind and status, and the rows counted: they must be equal. */
async function totals() {
  const kept = await stack.query(
    `select kind, status, sum(n)::int as n from posts.post_status_counts group by kind, status having sum(n) <> 0
     order by 1, 2`,
  );
  const counted = await stack.query(
    `select 'answer' as kind, status, count(*)::int as n from posts.answers group by status
     union all select 'question', status, count(*)::int from posts.questions group by status order by 1, 2`,
  );
  return { kept, counted };
}

describe('the totals of posts by status', () => {
  it('follow statements of many rows: a bulk insert, a change of status of some, a delete, an emptied table', async () => {
    // As a bulk load or an operator would write the read model: many rows per statement, from a connection whose
    // search path does not name posts' schema.
    await stack.query(
      `insert into posts.questions (id, user_id, title, url_title, content, html, description, tags, revision_id,
         post_update_time, created_at, updated_at)
       select '1001' || lpad((7000000000000 + g)::text, 13, '0'), '1', 'Bulk ' || g, 'bulk-' || g, 'b', 'b', 'b', '[]',
              '1', now(), now(), now()
       from generate_series(1, 3000) g`,
    );
    let { kept, counted } = await totals();
    expect(kept).toEqual(counted);
    expect(kept).toContainEqual({ kind: 'question', status: PostStatus.available, n: 3000 });

    // One statement: a third closed, a third deleted, the status of the rest written again unchanged.
    await stack.query(
      `update posts.questions set status = case (id::numeric % 3)::int when 0 then $1::int when 1 then $2::int
         else status end`,
      [PostStatus.closed, PostStatus.deleted],
    );
    ({ kept, counted } = await totals());
    expect(kept).toEqual(counted);
    expect(kept).toEqual([
      { kind: 'question', status: PostStatus.available, n: 1000 },
      { kind: 'question', status: PostStatus.closed, n: 1000 },
      { kind: 'question', status: PostStatus.deleted, n: 1000 },
    ]);

    // Other columns change: the totals stay.
    await stack.query(`update posts.questions set view_count = view_count + 1`);
    expect((await totals()).kept).toEqual(kept);

    await stack.query(`delete from posts.questions where status = $1`, [PostStatus.deleted]);
    ({ kept, counted } = await totals());
    expect(kept).toEqual(counted);
    expect(kept.map((row) => row.n)).toEqual([1000, 1000]);

    await stack.query('truncate posts.questions');
    expect(await totals()).toEqual({ kept: [], counted: [] });
  });
});
