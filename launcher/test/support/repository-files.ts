import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../../..');

/** Folders that hold no file of ours: installs, builds, run data, test output, local notes. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.agora', 'coverage', 'test-results', '.scratch', 'results']);
/** Files whose text is ours and may cite a document: sources, documents, deployment and CI files. */
const TEXT = /\.(ts|tsx|mts|mjs|js|md|yml|yaml|json|sh|sql|html|css)$|^(Dockerfile|run)$/;
const GENERATED = new Set(['package-lock.json']);

export interface RepositoryFile {
  /** Relative to the repository, with `/` separators. */
  path: string;
  text: string;
}

/** Every text file of the repository (not installs, builds or run data), read once. */
export function repositoryFiles(): RepositoryFile[] {
  const files: RepositoryFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && TEXT.test(entry.name) && !GENERATED.has(entry.name)) {
        files.push({ path: path.relative(REPO, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(REPO);
  return files;
}

export const readRepositoryFile = (relative: string) => readFileSync(path.join(REPO, relative), 'utf8');

/** The text of a markdown section: from its `## N.` heading to the next `## ` heading. */
export function markdownSection(markdown: string, number: number): string {
  const start = markdown.search(new RegExp(`^## ${number}\\. `, 'm'));
  if (start < 0) throw new Error(`no section ${number}`);
  const next = markdown.slice(start + 1).search(/^## /m);
  return next < 0 ? markdown.slice(start) : markdown.slice(start, start + 1 + next);
}
