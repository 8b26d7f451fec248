import { readFile } from 'node:fs/promises';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '@agora/contracts/i18n/languages';
import {
  type ApiReader,
  matchPath,
  queryKeys,
  type Route,
  type SeededQuery,
  type ServerPage,
  type SiteInfo,
  SSR_STATE_ELEMENT_ID,
  type SsrState,
  screenAt,
  type UserCenterAgentResp,
} from '@agora/kit';
import { questionsServer } from '@agora/questions/server';
import { tagsServer } from '@agora/tags-web/server';
import { usersServer } from '@agora/users/server';
import type { ComponentType } from 'react';
import { constructServerLayout } from 'single-spa-layout/server';
import { layoutPage } from './layout-bytes';
import { headTags, scriptJson } from './page-head';
import { renderApp } from './render-app';

/** A micro-frontend's server entry: its single-spa name, its root component and its public pages. */
export interface ServerApp {
  name: string;
  App: ComponentType;
  /** The app's route table: a public page is rendered only where the table draws that very page. */
  routes: readonly Route[];
  pages: ServerPage[];
}

/** Every micro-frontend with server-rendered pages. */
export const SERVER_APPS: readonly ServerApp[] = [questionsServer, tagsServer, usersServer];

/** What the gateway asks for: the page at `url` for a visitor, reading the API through `api`. */
export interface PageRequest {
  url: string;
  nonce: string;
  api: ApiReader;
}

export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; location: string }
  /** Not a server-rendered page (or one the visitor may not read): the plain index.html. */
  | { kind: 'none' };

const languageOf = (site: SiteInfo) =>
  SUPPORTED_LANGUAGES.find((l) => l === site.interface.language) ?? DEFAULT_LANGUAGE;

/**
 * Renders the public pages on the server into the layout of the built index.html
 * (docs/adr/0066-server-rendered-public-pages.md). `indexFile` is read once, on the first page.
 */
export function createPageRenderer(indexFile: string, apps: readonly ServerApp[] = SERVER_APPS) {
  let layout: Promise<{ html: string; serverLayout: ReturnType<typeof constructServerLayout> }> | null = null;
  const layoutOf = () => {
    layout ??= readFile(indexFile, 'utf8').then((html) => ({ html, serverLayout: constructServerLayout({ html }) }));
    return layout;
  };

  return async function renderPage({ url, nonce, api }: PageRequest): Promise<RenderedPage> {
    const address = new URL(url, 'http://agora.local');
    const found = apps
      .flatMap((app) => app.pages.map((page) => ({ app, page })))
      .map((entry) => ({ ...entry, params: matchPath(entry.page.pattern, address.pathname) }))
      // `/questions/ask` matches the question page's pattern, but the table draws the ask screen there.
      .find(
        (entry) => entry.params !== null && screenAt(entry.app.routes, address.pathname)?.path === entry.page.pattern,
      );
    if (!found?.params) return { kind: 'none' };
    const [site, agent] = await Promise.all([api<SiteInfo>('siteinfo'), api<UserCenterAgentResp>('user-center/agent')]);
    if (site.status !== 200 || !site.data) return { kind: 'none' };
    // What every screen's guards read before drawing, as the kit's own calls answer it.
    const shared: SeededQuery[] = [
      { key: queryKeys.siteInfo(), data: site.data },
      { key: queryKeys.userCenterAgent(), data: agent.data ?? { enabled: false } },
    ];
    const loaded = await found.page.load({
      params: found.params as Record<string, string>,
      pathname: address.pathname,
      search: address.searchParams,
      api,
      site: site.data,
    });
    if (loaded.kind === 'refused') return { kind: 'none' };
    if (loaded.kind === 'redirect') return { kind: 'redirect', location: loaded.location };
    const { serverLayout } = await layoutOf();
    if (loaded.kind === 'not-found') {
      const html = await layoutPage(serverLayout, address.pathname, nonce, {});
      return { kind: 'page', status: 404, html: html.replace(/<title>[^<]*<\/title>/, '<title>404</title>') };
    }
    const language = languageOf(site.data);
    const href = address.pathname + address.search;
    const drawn = await renderApp(found.app.App, { href, language, nonce }, [...shared, ...loaded.queries]);
    const page = await layoutPage(serverLayout, address.pathname, nonce, { [found.app.name]: drawn.html });
    const state: SsrState = { app: found.app.name, href, language, queries: drawn.queries };
    const html = page
      .replace(/<title>[^<]*<\/title>/, headTags(loaded.head, site.data))
      .replace(
        '</body>',
        `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${scriptJson(state)}</script>\n</body>`,
      );
    return { kind: 'page', status: 200, html };
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
