import path from 'node:path';

export const FRONTENDS = path.resolve(import.meta.dirname, '../..');
export const REPO = path.resolve(FRONTENDS, '..');
export const ROOT_APP = path.join(FRONTENDS, 'root');
/** What the gateway serves at `/`. */
export const WEB_DIST = path.join(ROOT_APP, 'dist');
/** Generated entry files of the shared modules (inside node_modules: never linted or committed). */
export const VENDOR_ENTRIES = path.join(ROOT_APP, 'node_modules', '.vendor-entries');

/** The micro-frontends built on their own, in order (the kit first: the others import it). */
export const APPS = ['kit', 'shell', 'users', 'questions', 'tags', 'review', 'install', 'admin'] as const;
export type AppName = (typeof APPS)[number];
export const appDir = (name: AppName) => path.join(FRONTENDS, name);
