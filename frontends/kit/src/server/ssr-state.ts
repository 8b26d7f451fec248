import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { createContext } from 'react';
import { queryClient } from '../app/query-client';
import { currentLanguage, i18n } from '../i18n/i18n';
import { getToken } from '../session/session';
import { STORAGE_KEYS, storage } from '../storage';

/**
 * What the server hands the browser with a server-rendered page (docs/adr/0066-server-rendered-public-pages.md):
 * which application it drew, at which address, and the react-query cache it drew from.
 */
export interface SsrState {
  app: string;
  href: string;
  /** The interface language it was drawn in; a browser set to another one renders afresh. */
  language: string;
  queries: DehydratedState;
}

/** The id of the `<script type="application/json">` that carries the `SsrState`. */
export const SSR_STATE_ELEMENT_ID = 'agora-ssr-state';

/** The request's path and query while rendering on the server; null in the browser (the address bar). */
export const ServerHref = createContext<string | null>(null);

let pending: SsrState | null | undefined;

function readState(): SsrState | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

/**
 * Whether `app` is mounting over markup the server drew for the current address for a visitor without a
 * session: then its cache is filled from the embedded state (once) and it hydrates instead of rendering afresh.
 */
export function takeServerRender(app: string): boolean {
  if (pending === undefined) pending = readState();
  // The server draws what a visitor sees; a signed-in member's page (own votes, actions) is drawn afresh,
  // from the member's own calls, over the same content.
  if (getToken()) pending = null;
  const state = pending;
  const here = window.location.pathname + window.location.search;
  // A visitor who never picked a language reads the site's, which the server drew in (the bundles are loaded).
  if (state && !storage.get<string>(STORAGE_KEYS.language) && state.language !== currentLanguage()) {
    void i18n.changeLanguage(state.language);
  }
  if (!state || state.app !== app || state.href !== here || state.language !== currentLanguage()) return false;
  pending = null;
  hydrate(queryClient, state.queries);
  return true;
}
