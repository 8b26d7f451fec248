import { AppProviders, i18n, type SeededQuery, ServerHref } from '@agora/kit';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';

/**
 * An application's root component drawn as the browser will first draw it when hydrating: at `href`, in
 * `language`, from a cache holding exactly `queries` (docs/adr/0066-server-rendered-public-pages.md).
 */
export async function renderApp(
  App: ComponentType,
  page: { href: string; language: string; nonce: string },
  queries: SeededQuery[],
) {
  const { href, language, nonce } = page;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  for (const query of queries) {
    client.setQueryData(query.key, query.infinite ? { pages: [query.data], pageParams: [1] } : query.data);
  }
  const translations = i18n.cloneInstance({ lng: language, initAsync: false });
  const tree = (
    <ServerHref.Provider value={href}>
      <I18nextProvider i18n={translations}>
        <AppProviders client={client}>
          <App />
        </AppProviders>
      </I18nextProvider>
    </ServerHref.Provider>
  );
  const html = synchronously(tree) ?? (await waitingForLazyParts(tree));
  // React's own inline scripts (revealing the finished boundaries of lazy screens) run under the page's CSP
  // nonce; posts' HTML is sanitised and text is escaped, so every <script> here is React's.
  const withNonces = html.replace(/<script(?=[\s>])(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`);
  return { html: withNonces, queries: dehydrate(client) };
}

/** A boundary the synchronous renderer left to the browser: something in it suspended (a lazy screen not loaded yet). */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/**
 * Once the page's lazy screens have loaded, nothing suspends, and the synchronous renderer writes the same markup
 * several times faster than the streaming one (docs/adr/0083-plain-post-parts.md). Null when something suspended
 * or failed: the streaming renderer draws it again, waiting.
 */
export function synchronously(tree: ReactNode): string | null {
  try {
    const html = renderToString(tree);
    return html.includes(LEFT_TO_THE_BROWSER) ? null : html;
  } catch {
    return null;
  }
}

/** The streaming prerender, which waits for lazy screens; a part that failed fails the page. */
async function waitingForLazyParts(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(tree, { onError: (error) => void errors.push(error) });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // A part that failed would be drawn by the browser alone: the page is not sent half rendered.
  if (errors.length > 0) throw new AggregateError(errors, 'the server render of the page failed');
  return Buffer.concat(chunks).toString('utf8');
}
