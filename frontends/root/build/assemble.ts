import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BuiltEntry } from './build-apps';
import type { RootBuild } from './build-root';
import { type AppName, appDir, ROOT_APP, WEB_DIST } from './paths';

const COMPRESSIBLE = /\.(js|css|svg|json|map)$/;

/** Brotli and gzip copies beside every asset, served as they are (`preCompressed`). */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

const copyBuild = (from: string, to: string) =>
  cpSync(from, to, { recursive: true, filter: (source) => !source.split(path.sep).includes('.vite') });

/**
 * The served folder: every build under /assets/<name>/ (hashed names, cached for ever) and index.html
 * with the import map — the single source of the shared modules' addresses — and module preloads for
 * what every page needs at once.
 */
export function assemble(root: RootBuild, apps: Record<AppName, BuiltEntry>, stamp: string): void {
  rmSync(WEB_DIST, { recursive: true, force: true });
  const assets = path.join(WEB_DIST, 'assets');
  mkdirSync(assets, { recursive: true });
  copyBuild(root.outDir, path.join(assets, 'root'));
  rmSync(root.outDir, { recursive: true, force: true });
  for (const name of Object.keys(apps) as AppName[])
    copyBuild(path.join(appDir(name), 'dist'), path.join(assets, name));

  const url = (folder: string, file: string) => `/assets/${folder}/${file}`;
  const imports: Record<string, string> = {};
  for (const [specifier, entry] of Object.entries(root.shared)) imports[specifier] = url('root', entry.file);
  for (const [name, entry] of Object.entries(apps)) imports[`@agora/${name}`] = url(name, entry.file);

  const preload = new Set<string>();
  const addPreload = (folder: string, entry: BuiltEntry) => {
    preload.add(url(folder, entry.file));
    for (const file of entry.imports) preload.add(url(folder, file));
  };
  addPreload('root', root.rootConfig);
  for (const entry of Object.values(root.shared)) addPreload('root', entry);
  addPreload('kit', apps.kit);
  addPreload('shell', apps.shell);
  addPreload('users', apps.users); // small, and the first screen of many visits (login, sign-up)
  addPreload('questions', apps.questions); // the home page's list

  const html = readFileSync(path.join(ROOT_APP, 'index.html'), 'utf8')
    .replace('{ "imports": {} }', JSON.stringify({ imports }))
    .replace('<!--preload-->', [...preload].map((href) => `<link rel="modulepreload" href="${href}" />`).join('\n    '))
    .replace('<!--entry-->', `<script type="module" src="${url('root', root.rootConfig.file)}"></script>`);
  writeFileSync(path.join(WEB_DIST, 'index.html'), html);
  precompress(assets);
  writeFileSync(path.join(WEB_DIST, 'build-stamp.txt'), stamp);
}
