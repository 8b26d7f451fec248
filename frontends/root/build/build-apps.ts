import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { type AppName, appDir } from './paths';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface BuiltEntry {
  /** Entry file, relative to the build's output folder. */
  file: string;
  /** Chunks it imports statically (relative to the same folder), for module preloads. */
  imports: string[];
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** An entry of a manifest by its name, with the files it statically imports (transitively). */
export function entryOf(manifest: Manifest, name: string): BuiltEntry {
  const [key, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.name === name) ?? [];
  if (!key || !entry) throw new Error(`no entry ${name} in the build manifest`);
  const imports = new Set<string>();
  const visit = (k: string) => {
    for (const dep of manifest[k]?.imports ?? []) {
      const file = manifest[dep]?.file;
      if (file && !imports.has(file)) {
        imports.add(file);
        visit(dep);
      }
    }
  };
  visit(key);
  return { file: entry.file, imports: [...imports] };
}

/** Builds one micro-frontend alone with its own Vite config, into its `dist/`. */
export async function buildApp(name: AppName): Promise<BuiltEntry> {
  const dir = appDir(name);
  await build({ configFile: path.join(dir, 'vite.config.ts'), logLevel: 'warn' });
  return entryOf(readManifest(path.join(dir, 'dist')), name);
}
