import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A row's attributes as a dump writes them; undefined ones are left out. */
export type DumpRow = Record<string, string | number | boolean | undefined>;

export const DUMP_ROOTS = {
  'Users.xml': 'users',
  'Posts.xml': 'posts',
  'Tags.xml': 'tags',
  'PostHistory.xml': 'posthistory',
  'Comments.xml': 'comments',
  'Votes.xml': 'votes',
  'PostLinks.xml': 'postlinks',
  'Badges.xml': 'badges',
} as const;

export type DumpFileName = keyof typeof DUMP_ROOTS;

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

/** One dump file's text: the XML declaration, the root element and one `<row … />` line per row. */
export function dumpFileText(name: DumpFileName, rows: readonly DumpRow[]): string {
  const lines = rows.map(
    (row) =>
      `  <row ${Object.entries(row)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}="${escapeXml(String(value))}"`)
        .join(' ')} />`,
  );
  const root = DUMP_ROOTS[name];
  return `\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${lines.join('\n')}\n</${root}>\n`;
}

/**
 * Writes a small Stack Exchange dump into `folder`: every file of `rows`, and the others of the eight empty, except
 * those `omit` names.
 */
export async function writeDump(
  folder: string,
  rows: Partial<Record<DumpFileName, DumpRow[]>>,
  omit: readonly DumpFileName[] = [],
): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const name of Object.keys(DUMP_ROOTS) as DumpFileName[]) {
    if (omit.includes(name)) continue;
    await writeFile(join(folder, name), dumpFileText(name, rows[name] ?? []));
  }
}
