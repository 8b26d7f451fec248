import net from 'node:net';
import { drip } from '@agora/test-support/slow-client';
import { API } from '../http';
import { type CheckResult, Findings, skipped } from '../report';

/**
 * Issue 45 item 2: a body or headers sent a byte at a time are cut off once the request time is over (README
 * "Limits of a connection").
 */
export async function probeSlowClients(base: string, requestTimeoutMs: number): Promise<CheckResult> {
  const findings = new Findings('slow-clients');
  // Node looks for late requests every tenth of the request time, at least every second.
  const bound = requestTimeoutMs + Math.max(1000, requestTimeoutMs / 10) + 1000;
  const { host } = new URL(base);
  const [body, headers] = await Promise.all([
    drip(
      base,
      `POST ${API}/user/login/email HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
      1000,
      bound + 10_000,
    ),
    drip(base, `GET ${API}/siteinfo HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `, 1000, bound + 10_000),
  ]);
  findings.expect(body.afterMs <= bound, `a slow body was still open after ${body.afterMs} ms (bound ${bound} ms)`);
  findings.expect(/^HTTP\/1\.1 408/.test(body.said), `a slow body was answered ${body.said.slice(0, 12) || 'nothing'}`);
  findings.expect(
    headers.afterMs <= bound,
    `slow headers were still open after ${headers.afterMs} ms (bound ${bound} ms)`,
  );
  return findings.result();
}

/**
 * Issue 45 item 2: one address holds at most `limit` connections; the next is answered 429. Run alone: while it holds
 * its connections, every other request from this address is refused too.
 */
export async function probeConnectionLimit(base: string, limit: number | undefined): Promise<CheckResult> {
  if (!limit) return skipped('connection-limit', 'give --connections-per-address to check it');
  const findings = new Findings('connection-limit');
  const { hostname, port } = new URL(base);
  const held: net.Socket[] = [];
  try {
    for (let i = 0; i < limit; i++) {
      const socket = net.connect(Number(port), hostname);
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      held.push(socket);
    }
    const over = await drip(base, '', 60_000, 5_000);
    findings.expect(
      /^HTTP\/1\.1 429/.test(over.said),
      `connection ${limit + 1} from one address was answered ${over.said.slice(0, 12) || 'nothing'}, not 429`,
    );
  } finally {
    for (const socket of held) socket.destroy();
  }
  // Closed connections are counted off as the server sees them close.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return findings.result();
}
