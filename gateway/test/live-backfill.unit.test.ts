import type { EventBus, FollowedEvent, ReplayOptions, StoredEvent } from '@agora/platform';
import { logCursorOrder } from '@agora/platform/bus/postgres/log-cursors';
import { describe, expect, it } from 'vitest';
import { Backfill, TooFarBehind } from '../src/live/backfill';
import { type LiveEntry, Ring } from '../src/live/ring';

/** A log of `size` answers on one question, positions `1:1` to `1:size`, read by a bus that counts its replays. */
function fakeBus(size: number) {
  const replays: Array<{ from: string; until: string }> = [];
  const at = (cursor: string) => Number(cursor.split(':')[1]);
  const event = (n: number): FollowedEvent => ({
    event: { type: 'posts.answer_posted', data: { question_id: 'q', answer_id: `a${n}` } } as unknown as StoredEvent,
    mark: `1:${n}`,
    cursor: `1:${n}`,
  });
  const bus = {
    cursors: logCursorOrder,
    async replay(_source: string, from: string, { until, limit }: ReplayOptions) {
      replays.push({ from, until });
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (at(until) - at(from) > limit) return { tooFar: true as const };
      const events: FollowedEvent[] = [];
      for (let n = at(from) + 1; n <= Math.min(at(until), size); n++) events.push(event(n));
      return { tooFar: false as const, events };
    },
    async cursorBefore(_source: string, until: string, events: number) {
      return `1:${Math.max(0, at(until) - events)}`;
    },
  } as unknown as EventBus;
  return { bus, replays };
}

const entriesOf = (source: string, followed: FollowedEvent): LiveEntry[] => [
  { topic: 'question:q', source, mark: followed.mark, cursor: followed.cursor, data: followed.mark, at: 0 },
];
const TOPICS = new Set(['question:q']);

describe('resuming from the log (docs/adr/0099-live-pages.md)', () => {
  it('reads the log once for a herd of resumes, from the earliest of them, and serves them all from the ring', async () => {
    const { bus, replays } = fakeBus(1000);
    const ring = new Ring({ posts: '1:1000' }, logCursorOrder, { messages: 5000, ageMs: 60_000 });
    const backfill = new Backfill(bus, ring, 10_000, entriesOf);
    const cursors = Array.from({ length: 100 }, (_, i) => `1:${900 - i * 5}`);
    const served = await Promise.all(cursors.map((c) => backfill.since('posts', c, TOPICS, '1:1000')));
    // The first resume's read, then one from the earliest of those that waited for it.
    expect(replays.length).toBeLessThanOrEqual(2);
    expect(replays.at(-1)?.from).toBe('1:405');
    served.forEach((entries, i) => {
      const from = 900 - i * 5;
      expect(entries.map((e) => e.mark)).toEqual(Array.from({ length: 1000 - from }, (_, k) => `1:${from + k + 1}`));
    });
    // Served from memory from then on.
    await backfill.since('posts', '1:500', TOPICS, '1:1000');
    expect(replays.length).toBeLessThanOrEqual(2);
  });

  it('tells a resume too far back to reload, and still serves the nearer ones', async () => {
    const { bus } = fakeBus(1000);
    const ring = new Ring({ posts: '1:1000' }, logCursorOrder, { messages: 5000, ageMs: 60_000 });
    const backfill = new Backfill(bus, ring, 100, entriesOf);
    await expect(backfill.since('posts', '1:10', TOPICS, '1:1000')).rejects.toBeInstanceOf(TooFarBehind);
    expect((await backfill.since('posts', '1:950', TOPICS, '1:1000')).length).toBe(50);
    await expect(backfill.since('posts', '1:5', TOPICS, '1:1000')).rejects.toBeInstanceOf(TooFarBehind);
  });

  it('warms the ring with the recent past', async () => {
    const { bus } = fakeBus(1000);
    const ring = new Ring({ posts: '1:1000' }, logCursorOrder, { messages: 5000, ageMs: 60_000 });
    await new Backfill(bus, ring, 10_000, entriesOf).warm(['posts'], 200);
    expect(ring.startOf('posts')).toBe('1:800');
    expect(ring.covers('posts', '1:850')).toBe(true);
  });
});
