import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { type constructServerLayout, sendLayoutHTTPResponse } from 'single-spa-layout/server';

type ServerLayout = ReturnType<typeof constructServerLayout>;

/**
 * The page single-spa-layout lays out for `urlPath` from the layout of index.html, collected as text instead of
 * streamed, so the gateway can give it an ETag and keep it (docs/adr/0066-server-rendered-public-pages.md).
 * `content` is the HTML of each application that has some; the others get an empty container.
 */
export async function layoutPage(
  serverLayout: ServerLayout,
  urlPath: string,
  nonce: string,
  content: Record<string, string>,
): Promise<string> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  // sendLayoutHTTPResponse writes headers and body to a response; headers are the gateway's, so they are dropped.
  const res = Object.assign(sink, { setHeader: () => sink, redirect: () => undefined }) as unknown as ServerResponse;
  await sendLayoutHTTPResponse({
    res,
    serverLayout,
    urlPath,
    nonce,
    // single-spa-layout takes an empty string for a failure: an application the browser draws gets a comment.
    renderApplication: ({ appName }) => content[appName] || '<!-- drawn in the browser -->',
    retrieveApplicationHeaders: () => ({}),
    retrieveProp: () => undefined,
    assembleFinalHeaders: () => ({}),
    renderFragment: () => '<!-- -->',
  });
  await done;
  return Buffer.concat(chunks).toString('utf8');
}
