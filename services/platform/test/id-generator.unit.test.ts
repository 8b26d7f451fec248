import { objectTypeOf } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { IdGenerator } from '../src/ids/id-generator';

describe('id generator', () => {
  it('makes unique, time-ordered ids that tell their type, even past 4,096 ids in one millisecond', () => {
    const fixedClock = () => 1_800_000_000_000;
    const ids = new IdGenerator(7, fixedClock);
    const made = Array.from({ length: 10_000 }, () => ids.next('answer'));
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
    expect(made.every((id) => objectTypeOf(id) === 'answer' && id.length === 23)).toBe(true);
  });

  it('never repeats across nodes at the same instant', () => {
    const clock = () => 1_800_000_000_000;
    const a = new IdGenerator(1, clock);
    const b = new IdGenerator(2, clock);
    const all = [
      ...Array.from({ length: 100 }, () => a.next('tag')),
      ...Array.from({ length: 100 }, () => b.next('tag')),
    ];
    expect(new Set(all).size).toBe(200);
  });

  it('does not go backwards when the clock does', () => {
    let now = 1_800_000_000_000;
    const ids = new IdGenerator(3, () => now);
    const first = ids.next('question');
    now -= 5000;
    expect(ids.next('question') > first).toBe(true);
  });
});
