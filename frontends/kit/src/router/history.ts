import { useContext, useMemo, useSyncExternalStore } from 'react';
import { ServerHref } from '../server/ssr-state';

declare global {
  interface Window {
    /** Set by single-spa when it runs: its pushState patch reroutes and fires popstate itself. */
    singleSpaNavigate?: (url: string) => void;
  }
}

const currentHref = () => (typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search);

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

export function isExternal(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//');
}

/** Client-side navigation shared by every micro-frontend; single-spa reroutes on the history change. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (isExternal(to)) {
    window.location.assign(to);
    return;
  }
  if (to === currentHref() && !options.replace) return;
  window.history[options.replace ? 'replaceState' : 'pushState'](null, '', to);
  // Standalone (no single-spa): tell the listeners ourselves.
  if (!window.singleSpaNavigate) window.dispatchEvent(new PopStateEvent('popstate'));
}

export interface Location {
  pathname: string;
  search: string;
  /** pathname + search */
  href: string;
}

export function useLocation(): Location {
  // On the server the request's address; while hydrating, the address bar, which is the same one.
  const serverHref = useContext(ServerHref);
  const href = useSyncExternalStore(subscribe, currentHref, () => serverHref ?? currentHref());
  return useMemo(() => {
    const url = new URL(href, 'http://agora.local');
    return { pathname: url.pathname, search: url.search, href };
  }, [href]);
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The current URL with some query parameters set (a value of null removes it). */
export function withParams(location: Location, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}
