import { logCursorOrder } from '@agora/platform/bus/postgres/log-cursors';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../src/live/cursor';
import { type LiveEntry, Ring } from '../src/live/ring';

const SOURCES = ['posts', 'votes'];
const entry = (source: string, n: number, topic = 't', at = 0): LiveEntry => ({
  topic,
  source,
  mark: `1:${n}`,
  cursor: `1:${n}`,
  data: `{"n":${n}}`,
  at,
});

describe('live cursors (docs/adr/0099-live-pages.md)', () => {
  it('spells a position of every source and reads it back', () => {
    const cursor = { posts: '12:340', votes: '9:7' };
    const text = encodeCursor(cursor, SOURCES);
    expect(text).toBe('posts=12:340;votes=9:7');
    expect(decodeCursor(text, SOURCES, logCursorOrder)).toEqual(cursor);
    // A source not followed is left out; any other spelling is no position of this bus.
    expect(decodeCursor('posts=1:2;badges=3:4', SOURCES, logCursorOrder)).toEqual({ posts: '1:2' });
    for (const bad of ['', 'posts', 'posts=1', 'posts=1:2;posts=1:3', 'posts=1,2,3', 'Posts=1:2', 'posts=1:2;'])
      expect(decodeCursor(bad, SOURCES, logCursorOrder)).toBeNull();
    expect(decodeCursor(`posts=1:${'9'.repeat(5000)}`, SOURCES, logCursorOrder)).toBeNull();
  });
});

describe('the ring of recent messages', () => {
  it('serves what came after a position, on the asked topics, while it holds it', () => {
    const ring = new Ring({ posts: '1:0', votes: '1:0' }, logCursorOrder, { messages: 3, ageMs: 1000 });
    ring.push(entry('posts', 1));
    ring.push(entry('votes', 2, 'other'));
    ring.push(entry('posts', 3));
    expect(ring.covers('posts', '1:0')).toBe(true);
    expect(ring.since('posts', '1:1', new Set(['t'])).map((e) => e.mark)).toEqual(['1:3']);
    expect(ring.since('votes', '1:0', new Set(['t']))).toEqual([]);
    // Full: the oldest goes, and the ring then holds posts only from past it.
    ring.push(entry('posts', 4));
    expect(ring.length).toBe(3);
    expect(ring.startOf('posts')).toBe('1:1');
    expect(ring.covers('posts', '1:0')).toBe(false);
    expect(ring.covers('posts', '1:1')).toBe(true);
    expect(ring.startOf('votes')).toBe('1:0');
  });

  it("serves several topics' messages in the order it took them", () => {
    const ring = new Ring({ posts: '1:0' }, logCursorOrder, { messages: 10, ageMs: 1000 });
    ring.push(entry('posts', 1, 'a'));
    ring.push(entry('posts', 2, 'b'));
    ring.push(entry('posts', 3, 'a'));
    expect(ring.since('posts', '1:0', new Set(['b', 'a'])).map((e) => e.mark)).toEqual(['1:1', '1:2', '1:3']);
    // Older messages put in front come first.
    const older = { ...entry('posts', 0, 'b'), mark: '0:9', cursor: '0:9' };
    expect(ring.prepend('posts', [older], '0:1', '1:0')).toBe(true);
    expect(ring.since('posts', '0:1', new Set(['a', 'b'])).map((e) => e.mark)).toEqual(['0:9', '1:1', '1:2', '1:3']);
  });

  it('lets go of what has aged', () => {
    const ring = new Ring({ posts: '1:0' }, logCursorOrder, { messages: 10, ageMs: 1000 });
    ring.push(entry('posts', 1, 't', 0));
    ring.push(entry('posts', 2, 't', 500));
    ring.trim(1200);
    expect(ring.length).toBe(1);
    expect(ring.startOf('posts')).toBe('1:1');
  });

  it('takes older messages read from the log in front, when it has room and has not moved', () => {
    const ring = new Ring({ posts: '1:5' }, logCursorOrder, { messages: 4, ageMs: 1000 });
    ring.push(entry('posts', 6));
    expect(ring.prepend('posts', [entry('posts', 3), entry('posts', 5)], '1:2', '1:4')).toBe(false);
    expect(ring.prepend('posts', [entry('posts', 3), entry('posts', 5)], '1:2', '1:5')).toBe(true);
    expect(ring.startOf('posts')).toBe('1:2');
    expect(ring.since('posts', '1:2', new Set(['t'])).map((e) => e.mark)).toEqual(['1:3', '1:5', '1:6']);
    expect(ring.prepend('posts', [entry('posts', 1), entry('posts', 2)], '1:0', '1:2')).toBe(false);
  });
});
