import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../../infra/k6/lib/scenarios.js';
import { durationSeconds, parseLoadArguments, UsageError } from '../arguments';

const LOCAL = 'http://127.0.0.1:9080';

describe('npm run load arguments', () => {
  it("takes the scenario's users and duration unless given", () => {
    expect(parseLoadArguments(['browsing'], LOCAL)).toEqual({
      scenario: SCENARIOS.browsing,
      users: SCENARIOS.browsing.users,
      durationSeconds: 300,
      target: LOCAL,
    });
    expect(
      parseLoadArguments(['day', '--users', '5', '--duration', '10s', '--target', 'http://127.0.0.1:9380/'], LOCAL),
    ).toMatchObject({
      users: 5,
      durationSeconds: 10,
      target: 'http://127.0.0.1:9380',
    });
  });

  it('reads k6 durations', () => {
    expect([durationSeconds('30s'), durationSeconds('5m'), durationSeconds('1h'), durationSeconds('2.5')]).toEqual([
      30, 300, 3600, 2.5,
    ]);
  });

  it('refuses what it cannot run, naming it', () => {
    expect(() => parseLoadArguments([], LOCAL)).toThrow(UsageError);
    expect(() => parseLoadArguments(['shopping'], LOCAL)).toThrow('Unknown scenario shopping');
    expect(() => parseLoadArguments(['day', '--users', '0'], LOCAL)).toThrow('--users');
    expect(() => parseLoadArguments(['day', '--duration', 'soon'], LOCAL)).toThrow('--duration');
    expect(() => parseLoadArguments(['day', '--target', 'localhost'], LOCAL)).toThrow('--target');
  });
});
