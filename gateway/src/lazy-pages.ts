import path from 'node:path';
import type { PageRenderer } from './public-pages';

/**
 * The server-rendered public pages of the built web app at `webRoot` (docs/adr/0066-server-rendered-public-pages.md):
 * React and the front ends' server entries are loaded on the first page asked for, so an idle Agora holds none of
 * them (docs/adr/0049-memory.md). What runs Agora sets NODE_ENV first, so they load their production builds
 * (docs/adr/0072-production-mode.md).
 */
export function lazyPageRenderer(webRoot: string): PageRenderer {
  let renderer: Promise<PageRenderer> | null = null;
  return async (request) => {
    renderer ??= import('@agora/root/server').then((m) => m.createPageRenderer(path.join(webRoot, 'index.html')));
    return (await renderer)(request);
  };
}
