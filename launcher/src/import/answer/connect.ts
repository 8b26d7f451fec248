import { ImportInputError } from '../source';
import type { AnswerDatabase } from './database';
import { openMysql } from './mysql';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

/**
 * Opens the database `--from` names: `postgres://…`, `mysql://…` or `sqlite:<path>`. The MySQL and SQLite drivers
 * load only when named: a site that never imports never holds them.
 */
export async function connectAnswerDatabase(from: string): Promise<AnswerDatabase> {
  if (/^postgres(ql)?:\/\//i.test(from)) return openPostgres(from);
  if (/^mysql:\/\//i.test(from)) return openMysql(from);
  if (/^sqlite:/i.test(from)) return openSqlite(from.replace(/^sqlite:(\/\/)?/i, ''));
  throw new ImportInputError('--from', null, 'expected postgres://…, mysql://… or sqlite:<path>');
}
