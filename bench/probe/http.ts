import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request to the Agora under probe, its target sent byte for byte as written (as `curl --path-as-is`):
 * no client-side URL parsing resolves dot segments or re-encodes anything before the server sees it.
 */
export function send(
  base: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const headers = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The envelope of an answer, read loosely: the probe looks into answers of every route. */
// biome-ignore lint/suspicious/noExplicitAny: any route's data, read where a check knows its shape
export type LooseEnvelope = { code?: number; reason?: string; msg?: string; data?: any };

/** A JSON call with an optional access token; the envelope's data when the body is JSON. */
export async function call(
  base: string,
  method: string,
  target: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer & { json: LooseEnvelope | null }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const answer = await send(base, method, target, { headers, body });
  let json: LooseEnvelope | null = null;
  try {
    json = JSON.parse(answer.body);
  } catch {}
  return { ...answer, json };
}

export const API = '/answer/api/v1';
