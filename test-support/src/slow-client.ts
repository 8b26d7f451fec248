import net from 'node:net';

export interface Dripped {
  /** When the server closed the connection, in ms after it was opened. */
  afterMs: number;
  /** What the server wrote before it closed it. */
  said: string;
}

/**
 * A client that opens a connection, writes `head`, then a byte every `dripMs` until the server closes it (or
 * `giveUpMs` passes, when it closes it itself): a slow body or slow headers (docs/adr/0088-canonical-paths.md).
 */
export function drip(address: string, head: string, dripMs: number, giveUpMs: number): Promise<Dripped> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname);
    let said = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.write('x'), dripMs);
    });
    socket.on('data', (chunk) => {
      said += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ afterMs: Date.now() - started, said });
    });
  });
}
