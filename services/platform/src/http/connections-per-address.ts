import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The answer to a connection over its address's limit, written before its request is read, then closed. */
const OVER_LIMIT =
  'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\nRetry-After: 10\r\n\r\n';

/**
 * At most `limit` open connections from one client address (README "Limits of a connection"): the next one
 * is answered 429 and closed at once, before it can hold a descriptor or a request's memory.
 */
export function limitConnectionsPerAddress(server: Server, limit: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.end(OVER_LIMIT);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
