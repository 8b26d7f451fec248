import { createStore, useStore } from '../store';

export type PageErrorCode = '403' | '404' | '50X';

/**
 * An error page shown in place of the main area (404 on allow404 calls, 50X, admin 403), for the
 * URL it happened on: navigating elsewhere clears it.
 */
const pageErrorStore = createStore<{ code: PageErrorCode; href: string } | null>(null);

export function showPageError(code: PageErrorCode): void {
  pageErrorStore.set({ code, href: window.location.pathname + window.location.search });
}

export function clearPageError(): void {
  pageErrorStore.set(null);
}

export function usePageError(href: string): PageErrorCode | null {
  const error = useStore(pageErrorStore);
  return error && error.href === href ? error.code : null;
}
