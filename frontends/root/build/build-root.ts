import path from 'node:path';
import { build } from 'vite';
import { quietDirectives } from '../../kit/vite/mfe-config';
import { SHARED_MODULES } from '../../kit/vite/shared-modules';
import { type BuiltEntry, entryOf, readManifest } from './build-apps';
import { ROOT_APP } from './paths';
import { entryName, writeVendorEntries } from './vendor-entries';

export interface RootBuild {
  outDir: string;
  rootConfig: BuiltEntry;
  /** Import-map specifier -> built entry. */
  shared: Record<string, BuiltEntry>;
}

/**
 * The shared modules and the root config in one build: each shared module is an entry, and code they
 * have in common (React inside react-dom, emotion inside MUI) lands in shared chunks, so every library
 * exists once on the page.
 */
export async function buildRoot(): Promise<RootBuild> {
  const outDir = path.join(ROOT_APP, 'dist-root');
  const input = { ...writeVendorEntries(), 'root-config': path.join(ROOT_APP, 'src', 'root-config.ts') };
  await build({
    configFile: false,
    root: ROOT_APP,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input,
        preserveEntrySignatures: 'strict',
        onwarn: quietDirectives,
        output: { format: 'es', entryFileNames: '[name]-[hash].js', chunkFileNames: 'chunk-[hash].js' },
      },
    },
  });
  const manifest = readManifest(outDir);
  const shared = Object.fromEntries(SHARED_MODULES.map((s) => [s, entryOf(manifest, entryName(s))]));
  return { outDir, rootConfig: entryOf(manifest, 'root-config'), shared };
}
