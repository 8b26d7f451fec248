import path from 'node:path';
import type { Plugin, UserConfig } from 'vite';
import { KIT_MODULE, MUI_SUBPATHS_FROM_BARREL, SHARED_MODULES } from './shared-modules.ts';

export interface MfeOptions {
  /** Output file stem and the name in the import map's folder, e.g. `shell`. */
  name: string;
  /** The workspace folder. */
  dir: string;
  /** Entry exporting the single-spa lifecycles (or the kit's API). */
  entry?: string;
  /** The kit shares the libraries but not itself. */
  isKit?: boolean;
}

/** Libraries mark modules 'use client' for server components; meaningless in a browser bundle. */
export function quietDirectives<W extends { code?: string }>(warning: W, warn: (warning: W) => void): void {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
}

/** MUI's sub-paths that icon modules import, answered by the shared MUI barrel (see `MUI_SUBPATHS_FROM_BARREL`). */
function muiSubpathsFromBarrel(): Plugin {
  const subpaths: readonly string[] = MUI_SUBPATHS_FROM_BARREL;
  return {
    name: 'agora-mui-subpaths-from-barrel',
    // The dev server bundles MUI's dependencies once for the whole page anyway.
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (subpaths.includes(id) ? { id: '@mui/material', external: true } : null),
  };
}

/** Where standalone dev servers send API calls: a running gateway (`npm start`). */
export const gatewayUrl = () => process.env.AGORA_GATEWAY_URL ?? 'http://127.0.0.1:9080';

/**
 * The Vite config of one micro-frontend: built alone into one hashed ESM file that exports its
 * lifecycles, with every shared module left to the import map; `vite` serves it standalone.
 */
export function mfeConfig(options: MfeOptions): UserConfig {
  const external: string[] = [...SHARED_MODULES, ...(options.isKit ? [] : [KIT_MODULE])];
  const proxy = { target: gatewayUrl(), changeOrigin: false };
  return {
    root: options.dir,
    logLevel: 'warn',
    plugins: [muiSubpathsFromBarrel()],
    oxc: { jsx: { runtime: 'automatic' } },
    server: { port: Number(process.env.PORT ?? 5173), proxy: { '/answer': proxy, '/installation': proxy } },
    build: {
      outDir: path.join(options.dir, 'dist'),
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: { [options.name]: path.join(options.dir, options.entry ?? 'src/index.ts') },
        external: (id) => external.includes(id),
        preserveEntrySignatures: 'strict',
        onwarn: quietDirectives,
        output: { format: 'es', entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  };
}
