import { describe, expect, it } from 'vitest';
import { CUSTOM_PRIVILEGE_LEVEL, LEVELED_PRIVILEGE_KEYS, thresholdsOf } from '../src/identity/privileges';

describe('the thresholds a privileges setting puts in force', () => {
  it('reads a standard level’s, whatever custom thresholds are kept beside it', () => {
    const kept = { 'question.vote_up': 1 };
    expect(thresholdsOf({ level: 2 })['question.vote_up']).toBe(8);
    expect(thresholdsOf({ level: 2, custom_privileges: kept })['question.vote_up']).toBe(8);
    expect(thresholdsOf({ level: 3 })['tag.add']).toBe(1500);
  });

  it('reads the admin’s own at the custom level, over the fixed ones; one it lacks is granted by no reputation', () => {
    const custom = Object.fromEntries(LEVELED_PRIVILEGE_KEYS.map((key) => [key, 7]));
    const thresholds = thresholdsOf({ level: CUSTOM_PRIVILEGE_LEVEL, custom_privileges: custom });
    expect(LEVELED_PRIVILEGE_KEYS.every((key) => thresholds[key] === 7)).toBe(true);
    expect(thresholds['question.delete']).toBe(-1);
    expect(thresholds['vote.detail']).toBe(0);
    expect(thresholdsOf({ level: CUSTOM_PRIVILEGE_LEVEL, custom_privileges: {} })['tag.add']).toBe(-1);
  });

  it('makes a setting’s thresholds once', () => {
    const setting = { level: CUSTOM_PRIVILEGE_LEVEL, custom_privileges: { 'tag.add': 3 } };
    expect(thresholdsOf(setting)).toBe(thresholdsOf(setting));
  });
});
