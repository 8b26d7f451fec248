import { describe, expect, it } from 'vitest';
import { mayRetry, neverReached, ReplicaSet, replicaGone } from '../src/balancer/replicas';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('ReplicaSet', () => {
  it('takes turns among the replicas in', () => {
    const set = new ReplicaSet(3);
    expect([set.pick(), set.pick(), set.pick(), set.pick()]).toEqual([0, 1, 2, 0]);
    set.markDown(1);
    expect([set.pick(), set.pick(), set.pick()]).toEqual([2, 0, 2]);
    expect(set.inService()).toEqual([0, 2]);
    set.markUp(1);
    expect([set.pick(), set.pick(), set.pick()]).toEqual([0, 1, 2]);
  });

  it('never picks a replica already tried for the request, and says when none is left', () => {
    const set = new ReplicaSet(2);
    const tried = new Set<number>();
    const first = set.pick(tried);
    expect(first).toBeDefined();
    tried.add(first as number);
    const second = set.pick(tried);
    expect(second).not.toBe(first);
    tried.add(second as number);
    expect(set.pick(tried)).toBeUndefined();
  });

  it('sends to an out replica when every untried one is out, rather than to none', () => {
    const set = new ReplicaSet(2);
    set.markDown(0);
    set.markDown(1);
    const picked = set.pick();
    expect([0, 1]).toContain(picked);
    expect(set.pick(new Set([picked as number]))).toBe(picked === 0 ? 1 : 0);
    set.markUp(1);
    expect(set.pick(new Set())).toBe(1);
    expect(set.pick(new Set([1]))).toBe(0);
  });

  it('refuses a service without replicas', () => {
    expect(() => new ReplicaSet(0)).toThrow(/at least one replica/);
  });
});

describe('retries', () => {
  it('sends a safe request again whatever failed', () => {
    for (const method of ['GET', 'head', 'OPTIONS']) {
      expect(mayRetry(method, failure('UND_ERR_SOCKET'))).toBe(true);
      expect(mayRetry(method, new Error('headers timeout'))).toBe(true);
    }
  });

  it('sends a write again only when it never reached the service', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(mayRetry(method, failure('ECONNREFUSED'))).toBe(true);
      expect(mayRetry(method, failure('UND_ERR_CONNECT_TIMEOUT'))).toBe(true);
      // The connection dropped after the request went out: it may have been applied.
      expect(mayRetry(method, failure('UND_ERR_SOCKET'))).toBe(false);
      expect(mayRetry(method, failure('ECONNRESET'))).toBe(false);
      expect(mayRetry(method, failure('UND_ERR_HEADERS_TIMEOUT'))).toBe(false);
      expect(mayRetry(method, new Error('no code'))).toBe(false);
    }
  });

  it('finds the code on a wrapped cause', () => {
    const wrapped = new Error('fetch failed', { cause: failure('ECONNREFUSED') });
    expect(neverReached(wrapped)).toBe(true);
    expect(mayRetry('POST', wrapped)).toBe(true);
  });

  it('takes a replica out on a lost connection, not on a slow answer', () => {
    expect(replicaGone(failure('ECONNREFUSED'))).toBe(true);
    expect(replicaGone(failure('ECONNRESET'))).toBe(true);
    expect(replicaGone(failure('UND_ERR_SOCKET'))).toBe(true);
    expect(replicaGone(failure('UND_ERR_HEADERS_TIMEOUT'))).toBe(false);
  });
});
