import { CUSTOM_PRIVILEGE_LEVEL, LEVELED_PRIVILEGE_KEYS } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { privilegesOf } from '../src/settings/privileges';

const every = (value: number) => LEVELED_PRIVILEGE_KEYS.map((key) => ({ key, value }));
const problemOf = (result: ReturnType<typeof privilegesOf>) => result.problems.map((p) => [p.field, p.key, p.params]);

describe('an admin’s privileges save', () => {
  it('takes a standard level, keeping the custom thresholds stored beside it', () => {
    const stored = { level: CUSTOM_PRIVILEGE_LEVEL, custom_privileges: { 'tag.add': 9 } };
    expect(privilegesOf({ level: 2, custom_privileges: every(1) }, stored)).toEqual({
      values: { level: 2, custom_privileges: { 'tag.add': 9 } },
      problems: [],
    });
    expect(privilegesOf({ level: 3 }, { level: 2 }).values).toEqual({ level: 3 });
  });

  it('takes the custom level with a threshold for every leveled permission', () => {
    const { values, problems } = privilegesOf(
      { level: CUSTOM_PRIVILEGE_LEVEL, custom_privileges: every(4) },
      { level: 2 },
    );
    expect(problems).toEqual([]);
    expect(values.level).toBe(CUSTOM_PRIVILEGE_LEVEL);
    expect(Object.keys(values.custom_privileges ?? {})).toEqual(LEVELED_PRIVILEGE_KEYS);
    expect(Object.values(values.custom_privileges ?? {}).every((v) => v === 4)).toBe(true);
  });

  it('names what is wrong: an unknown level, and a list with a missing, repeated or unknown permission', () => {
    const stored = { level: 2 };
    const custom = (list: { key: string; value: number }[]) =>
      privilegesOf({ level: CUSTOM_PRIVILEGE_LEVEL, custom_privileges: list }, stored);
    expect(problemOf(privilegesOf({ level: 4 }, stored))).toEqual([
      ['level', 'validation.one_of', { options: '1, 2, 3, 99' }],
    ]);
    expect(problemOf(privilegesOf({ level: CUSTOM_PRIVILEGE_LEVEL }, stored))).toEqual([
      ['custom_privileges', 'validation.privilege_missing', { value: 'question.add' }],
    ]);
    expect(problemOf(custom([...every(1), { key: 'tag.add', value: 2 }]))).toEqual([
      ['custom_privileges', 'validation.duplicate', { value: 'tag.add' }],
    ]);
    expect(problemOf(custom([...every(1), { key: 'question.delete', value: 2 }]))).toEqual([
      ['custom_privileges', 'validation.privilege_unknown', { value: 'question.delete' }],
    ]);
    expect(custom(every(1).slice(1)).values).toBe(stored);
  });
});
