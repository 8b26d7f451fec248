import path from 'node:path';

/** The repository's root, from the launcher's sources (launcher/src) and its bundle (launcher/dist) alike. */
export const REPO = path.resolve(import.meta.dirname, '../..');
