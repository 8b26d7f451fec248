import type { EventOf, ViewsCounted } from '@agora/contracts';
import { sql } from 'kysely';
import type { Appliers } from './appliers';

/** Question view counts, from the view counter's batches (one event per flush). */
export const viewAppliers: Appliers<EventOf<typeof ViewsCounted>> = {
  async 'posts.views_counted'(tx, event) {
    const counts = event.data.counts;
    await sql`
        update questions q set view_count = q.view_count + v.views, unique_view_count = q.unique_view_count + v.uniq
        from unnest(${counts.map((c) => c.question_id)}::text[], ${counts.map((c) => c.views)}::int[],
                    ${counts.map((c) => c.unique_views)}::int[]) as v(id, views, uniq)
        where q.id = v.id`.execute(tx);
  },
};
