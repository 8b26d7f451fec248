import { CatchUp, formatObjectId } from '@agora/contracts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { IdGenerator, mintedAt } from '../src/ids/id-generator';
import { CatchUps } from '../src/service/catch-up';

const log = pino({ level: 'silent' });
const NOW = Date.UTC(2026, 11, 7, 12, 0, 0);

describe('an unknown object that may still be on its way (docs/adr/0092-ready-when-caught-up.md)', () => {
  it('reads the time an id was minted from the id itself', () => {
    const id = new IdGenerator(7, () => NOW).next('answer');
    expect(mintedAt(id)).toBe(NOW);
    expect(mintedAt('not-an-id')).toBeUndefined();
    expect(mintedAt(formatObjectId('comment', 1n))).toBeLessThan(NOW);
  });

  it('on Kafka, is on its way while its id is recent; on the PostgreSQL log, never (a catch-up there sees every commit)', () => {
    const kafka = new CatchUps(log, CatchUp.timeoutMs, 'kafka', () => NOW);
    const postgres = new CatchUps(log, CatchUp.timeoutMs, 'postgres', () => NOW);
    const fresh = new IdGenerator(1, () => NOW - 30_000).next('answer');
    const old = new IdGenerator(1, () => NOW - CatchUp.unknownWhileMintedWithinMs - 1).next('answer');
    expect(kafka.mayBeOnItsWay(fresh)).toBe(true);
    expect(kafka.mayBeOnItsWay(old)).toBe(false);
    expect(kafka.mayBeOnItsWay('made-up')).toBe(false);
    expect(postgres.mayBeOnItsWay(fresh)).toBe(false);
  });
});
