import { describe, expect, it } from 'vitest';
import { capCount, formatCount } from '../src/format/count';
import { relativeTime } from '../src/format/relative-time';
import { pageItems } from '../src/ui/pagination-items';

const t = (key: string, options?: Record<string, unknown>) => `${key}:${options?.count ?? ''}`;

describe('formats', () => {
  it('counts with separators, k and m; badges capped at 99+', () => {
    expect(formatCount(9999)).toBe('9,999');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(2_450_000)).toBe('2.5m');
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
  });

  it('relative time: now, seconds, minutes, hours, then dates with the year when needed', () => {
    const now = Date.UTC(2026, 5, 15, 12, 0, 0);
    const ago = (ms: number) => (now - ms) / 1000;
    expect(relativeTime(ago(1000), t, { now })).toBe('ui.date.now:');
    expect(relativeTime(ago(30_000), t, { now })).toBe('ui.date.seconds_ago:30');
    expect(relativeTime(ago(5 * 60_000), t, { now })).toBe('ui.date.minutes_ago:5');
    expect(relativeTime(ago(3 * 3600_000), t, { now })).toBe('ui.date.hours_ago:3');
    expect(relativeTime(Date.UTC(2026, 0, 2) / 1000, t, { now })).toBe('Jan 2');
    expect(relativeTime(Date.UTC(2025, 11, 30) / 1000, t, { now })).toBe('Dec 30, 2025');
  });
});

describe('pagination', () => {
  const pages = (current: number, total: number, size = 15) =>
    pageItems(current, total, size).map((i) => (i.kind === 'page' ? i.page : i.kind === 'ellipsis' ? '…' : i.kind));

  it('shows nothing for one page, the first five pages near the start, ellipses further on', () => {
    expect(pages(1, 15)).toEqual([]);
    expect(pages(1, 150)).toEqual([1, 2, 3, 4, 5, '…', 10, 'next']);
    expect(pages(6, 150)).toEqual(['prev', 1, '…', 5, 6, 7, '…', 10, 'next']);
    expect(pages(10, 150)).toEqual(['prev', 1, '…', 6, 7, 8, 9, 10]);
    expect(pages(2, 40, 20)).toEqual(['prev', 1, 2]);
  });
});
