import { STORAGE_KEYS, storage } from '../storage';
import { isExemptPath } from './private-site';

/** Saves where to come back to after login; account screens themselves are never a target. */
export function saveLoginRedirect(href: string): void {
  const pathname = href.split('?')[0] ?? '/';
  if (isExemptPath(pathname)) return;
  storage.set(STORAGE_KEYS.loginRedirect, href);
}

/** The saved target, removed once read; home when there is none. */
export function takeLoginRedirect(): string {
  const target = storage.get<string>(STORAGE_KEYS.loginRedirect);
  storage.remove(STORAGE_KEYS.loginRedirect);
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}
