import { ImportInputError } from '../source';
import type { AnswerDatabase } from './database';
import { text } from './values';

/**
 * Which Answer releases the reader understands, by `version.version_number` (the number of migrations applied),
 * and from which one each table it reads exists (docs/adr/0094-importing-a-community.md). A table the version says
 * must be there stops the import when it is missing; one that came later is read as empty.
 */
export const OLDEST_VERSION = { number: 6, release: 'v1.0.0' };
export const NEWEST_VERSION = { number: 35, release: 'v2.0.2' };

/** Table → the first version_number (and release) that has it. */
export const TABLE_SINCE: Record<string, { number: number; release: string }> = {
  config: OLDEST_VERSION,
  user: OLDEST_VERSION,
  user_role_rel: OLDEST_VERSION,
  user_external_login: OLDEST_VERSION,
  site_info: OLDEST_VERSION,
  tag: OLDEST_VERSION,
  tag_rel: OLDEST_VERSION,
  question: OLDEST_VERSION,
  answer: OLDEST_VERSION,
  comment: OLDEST_VERSION,
  revision: OLDEST_VERSION,
  activity: OLDEST_VERSION,
  collection: OLDEST_VERSION,
  report: OLDEST_VERSION,
  meta: OLDEST_VERSION,
  review: { number: 21, release: 'v1.3.0' },
  badge: { number: 23, release: 'v1.4.0' },
  badge_award: { number: 23, release: 'v1.4.0' },
  question_link: { number: 23, release: 'v1.4.0' },
  file_record: { number: 26, release: 'v1.4.5' },
};

export type AnswerTable = keyof typeof TABLE_SINCE;

/** The release a version_number belongs to, for the description (`v2.0.2`, or `version 30`). */
const RELEASES: [number, string][] = [
  [6, 'v1.0.0'],
  [14, 'v1.1.0'],
  [18, 'v1.2.0'],
  [21, 'v1.3.0'],
  [23, 'v1.4.0'],
  [26, 'v1.4.5'],
  [27, 'v1.5.1'],
  [28, 'v1.6.0'],
  [29, 'v1.7.x'],
  [32, 'v2.0.0'],
  [33, 'v2.0.1'],
  [35, 'v2.0.2'],
];

export function releaseOf(version: number): string {
  return RELEASES.find(([n]) => n === version)?.[1] ?? `version ${version}`;
}

/** Reads and checks the version; returns the tables to read (the ones the version has). */
export async function checkVersion(db: AnswerDatabase): Promise<{ version: number; tables: Set<AnswerTable> }> {
  const present = await db.tables();
  if (!present.has('version')) throw new ImportInputError('version', null, 'missing: not an Apache Answer database');
  const rows = await db.query('SELECT version_number FROM version ORDER BY id LIMIT 1');
  const raw = text(rows[0]?.version_number).trim();
  const version = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(version) || version < OLDEST_VERSION.number || version > NEWEST_VERSION.number) {
    throw new ImportInputError(
      'version',
      1,
      `version_number ${raw || '(none)'} is not one this importer knows (${OLDEST_VERSION.number} = Answer ` +
        `${OLDEST_VERSION.release} to ${NEWEST_VERSION.number} = ${NEWEST_VERSION.release})`,
    );
  }
  const tables = new Set<AnswerTable>();
  for (const [table, since] of Object.entries(TABLE_SINCE)) {
    if (version < since.number) continue;
    if (!present.has(table)) {
      throw new ImportInputError(
        table,
        null,
        `missing: Answer ${releaseOf(version)} (version_number ${version}) has this table since ${since.release}`,
      );
    }
    tables.add(table);
  }
  return { version, tables };
}
