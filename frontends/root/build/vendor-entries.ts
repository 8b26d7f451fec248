import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MUI_ICONS_PACKAGE, MUI_NAMES_ICONS_USE, SHARED_MODULES } from '../../kit/vite/shared-modules';
import { APPS, appDir, VENDOR_ENTRIES } from './paths';

const requireHere = createRequire(path.join(VENDOR_ENTRIES, 'index.js'));
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** React and react-dom ship CommonJS: their names are listed explicitly so the ESM entry has them. */
const COMMONJS = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);
/** ESM packages with a default export besides their named ones. */
const WITH_DEFAULT = new Set(['@emotion/styled', 'i18next']);

function commonJsNames(specifier: string): string[] {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return Object.keys(requireHere(specifier)).filter(
      (n) => IDENTIFIER.test(n) && n !== 'default' && n !== '__esModule',
    );
  } finally {
    process.env.NODE_ENV = previous;
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * The MUI components and functions the micro-frontends import (from the barrel, by name), and those the
 * Material icons they import take from it: the shared MUI module exports exactly those, so it stays small
 * however large MUI is.
 */
export function usedMuiNames(): string[] {
  const names = new Set<string>();
  const pattern = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mui\/material'/g;
  for (const app of APPS) {
    for (const file of sourceFiles(path.join(appDir(app), 'src'))) {
      const source = readFileSync(file, 'utf8');
      if (source.includes(`from '${MUI_ICONS_PACKAGE}/`)) for (const name of MUI_NAMES_ICONS_USE) names.add(name);
      for (const match of source.matchAll(pattern)) {
        if (match[1]) continue;
        for (const part of (match[2] ?? '').split(',')) {
          const spec = part.trim();
          if (!spec || spec.startsWith('type ')) continue;
          const name = spec.split(/\s+as\s+/)[0]?.trim();
          if (name && IDENTIFIER.test(name)) names.add(name);
        }
      }
    }
  }
  return [...names].sort();
}

function entrySource(specifier: string, muiNames: string[]): string {
  if (COMMONJS.has(specifier)) {
    const names = commonJsNames(specifier);
    return `import m from '${specifier}';\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
  }
  if (specifier === '@mui/material') return `export { ${muiNames.join(', ')} } from '@mui/material';\n`;
  const star = `export * from '${specifier}';\n`;
  return WITH_DEFAULT.has(specifier) ? `${star}export { default } from '${specifier}';\n` : star;
}

/** Entry name of a shared module in the build (`react/jsx-runtime` -> `react-jsx-runtime`). */
export const entryName = (specifier: string) => specifier.replace(/^@/, '').replace(/[/]/g, '-');

/** Writes one entry file per shared module; returns entry name -> file. */
export function writeVendorEntries(): Record<string, string> {
  mkdirSync(VENDOR_ENTRIES, { recursive: true });
  const muiNames = usedMuiNames();
  const entries: Record<string, string> = {};
  for (const specifier of SHARED_MODULES) {
    const file = path.join(VENDOR_ENTRIES, `${entryName(specifier)}.js`);
    writeFileSync(file, entrySource(specifier, muiNames));
    entries[entryName(specifier)] = file;
  }
  return entries;
}
