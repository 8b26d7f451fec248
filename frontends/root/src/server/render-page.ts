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

export { SSR_STATE_ELEMENT_ID };

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

/** Where an application's markup goes in a laid-out frame, and the nonce. */
const APP_MARK = '<!--agora:application-->';
const NONCE_MARK = 'agora-frame-nonce';
const TITLE = /<title>[^<]*<\/title>/;

/** A laid-out page in the pieces between what each render puts in: its head tags, its markup, its state. */
interface PageFrame {
  beforeTitle: string;
  beforeApp: string;
  beforeBodyEnd: string;
  rest: string;
}

function cutFrame(layout: string): PageFrame {
  const title = TITLE.exec(layout);
  const app = layout.indexOf(APP_MARK);
  const bodyEnd = layout.lastIndexOf('</body>');
  if (!title || app < title.index || bodyEnd < app)
    throw new Error('the layout lacks a title, the application or </body>');
  return {
    beforeTitle: layout.slice(0, title.index),
    beforeApp: layout.slice(title.index + title[0].length, app),
    beforeBodyEnd: layout.slice(app + APP_MARK.length, bodyEnd),
    rest: layout.slice(bodyEnd),
  };
}

function withNonce(frame: PageFrame, nonce: string): PageFrame {
  const put = (piece: string) => piece.replaceAll(NONCE_MARK, nonce);
  return {
    beforeTitle: put(frame.beforeTitle),
    beforeApp: put(frame.beforeApp),
    beforeBodyEnd: put(frame.beforeBodyEnd),
    rest: put(frame.rest),
  };
}

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

  /**
   * The laid-out page around an application's markup, cut where a page puts its head tags, its markup and its state.
   * Laid out once per page pattern: every address of a pattern falls in the same routes of the layout, since each
   * pattern's first segment is fixed. The nonce goes in where the layout put its mark.
   */
  const frames = new Map<string, Promise<PageFrame>>();
  const frameOf = async (appName: string, pattern: string, pathname: string, nonce: string) => {
    const key = `${appName}\0${pattern}`;
    let frame = frames.get(key);
    if (!frame) {
      frame = layoutOf()
        .then(({ serverLayout }) => layoutPage(serverLayout, pathname, NONCE_MARK, { [appName]: APP_MARK }))
        .then(cutFrame);
      frame.catch(() => frames.delete(key));
      frames.set(key, frame);
    }
    const cut = await frame;
    return withNonce(cut, nonce);
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
    const frame = await frameOf(found.app.name, found.page.pattern, address.pathname, nonce);
    const state: SsrState = { app: found.app.name, href, language, queries: drawn.queries };
    const html = [
      frame.beforeTitle,
      headTags(loaded.head, site.data),
      frame.beforeApp,
      drawn.html,
      frame.beforeBodyEnd,
      `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${scriptJson(state)}</script>\n`,
      frame.rest,
    ].join('');
    return { kind: 'page', status: 200, html };
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
