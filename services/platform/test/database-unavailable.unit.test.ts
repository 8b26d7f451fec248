import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isTokenRejection, UnknownSigningKeyError } from '../src/auth/token-rejection';
import { isTransientDatabaseError } from '../src/db/transient-errors';
import { isDatabaseUnavailable } from '../src/db/unavailable';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['08000', 'connection_exception'],
    ['08001', 'sqlclient_unable_to_establish_sqlconnection'],
    ['08003', 'connection_does_not_exist'],
    ['08006', 'connection_failure'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'crash_shutdown'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
  ])('knows SQLSTATE %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(coded(code, message))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])(
    'knows the socket error %s',
    (code) => {
      expect(isDatabaseUnavailable(coded(code))).toBe(true);
    },
  );

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])('knows pg’s uncoded "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('looks through cause, fast-jwt’s originalError and a dual-stack connect’s AggregateError', () => {
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('57P01') }))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('Cannot fetch key.'), { originalError: coded('08006') })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(true);
  });

  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access'],
    ['23505', 'duplicate key value violates unique constraint'],
    ['42P01', 'relation does not exist'],
    ['22P02', 'invalid input syntax'],
    ['FST_JWT_AUTHORIZATION_TOKEN_EXPIRED', 'Authorization token expired'],
  ])('does not take %s (%s) for an outage', (code, message) => {
    expect(isDatabaseUnavailable(coded(code, message))).toBe(false);
  });

  it('does not take a bug or nothing for an outage', () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});

describe('what pg really throws when the server is not there', () => {
  // Accepts connections and never says a word, as a server behind a dead network path would not.
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('a refused connection', async () => {
    const closed = net.createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as net.AddressInfo).port)),
    );
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    const error = await client.connect().catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a pool that cannot get a connection in time (a server that never answers)', async () => {
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as net.AddressInfo).port)),
    );
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 200 });
    pool.on('error', () => {});
    const error = await pool.query('select 1').catch((caught: unknown) => caught);
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('isTokenRejection', () => {
  it('takes what the JWT libraries and an unknown key say about a token for a rejection', () => {
    expect(isTokenRejection(coded('FST_JWT_AUTHORIZATION_TOKEN_EXPIRED'))).toBe(true);
    expect(isTokenRejection(coded('FST_JWT_AUTHORIZATION_TOKEN_INVALID'))).toBe(true);
    expect(isTokenRejection(coded('FAST_JWT_MALFORMED'))).toBe(true);
    expect(isTokenRejection(new UnknownSigningKeyError())).toBe(true);
  });

  it('does not take a failed lookup for one: the caller is not signed out by an outage', () => {
    expect(isTokenRejection(coded('ECONNREFUSED'))).toBe(false);
    expect(isTokenRejection(coded('57P01'))).toBe(false);
    expect(isTokenRejection(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

describe('isTransientDatabaseError', () => {
  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access'],
    ['55P03', 'could not obtain lock'],
    ['57014', 'canceling statement due to statement timeout'],
    ['53200', 'out of memory'],
  ])('retries SQLSTATE %s (%s) although the database is reachable', (code, message) => {
    expect(isTransientDatabaseError(coded(code, message))).toBe(true);
    expect(isDatabaseUnavailable(coded(code, message))).toBe(false);
  });

  it('retries whatever makes the database unreachable, wrapped or not', () => {
    expect(isTransientDatabaseError(coded('08006'))).toBe(true);
    expect(isTransientDatabaseError(new Error('batch failed', { cause: coded('ECONNRESET') }))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['22P02', 'invalid input syntax for type uuid'],
    ['42703', 'column "x" does not exist'],
  ])('sets aside SQLSTATE %s (%s): it fails the same way every time', (code, message) => {
    expect(isTransientDatabaseError(coded(code, message))).toBe(false);
  });
});
