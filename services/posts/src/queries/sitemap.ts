import { Limits } from '@agora/contracts';
import { type Db, PostStatusSql, ShowSql } from '@agora/platform';
import { sql } from 'kysely';

/** A question as the sitemap lists it: where it lives and when it last changed. */
export interface SitemapQuestion {
  id: string;
  url_title: string;
  post_update_time: Date;
}

/** One file of the sitemap index: its number (from 1) and the last change of any question in it. */
export interface SitemapFile {
  file: number;
  lastmod: Date;
}

const PER_FILE = Limits.sitemap.urlsPerFile;
/** What a visitor can read: open or closed, not hidden (the question lists' rule). */
const visible = sql`status in (${PostStatusSql.available}, ${PostStatusSql.closed}) and show = ${ShowSql.shown}`;

/**
 * The files of the sitemap: every visible question in id order (ids grow with time, so a question keeps its
 * file), `Limits.sitemap.urlsPerFile` a file (docs/adr/0070-sitemap.md).
 */
export async function sitemapFiles(db: Db): Promise<SitemapFile[]> {
  const { rows } = await sql<{ file: number; lastmod: Date }>`
    select file::int, max(post_update_time) as lastmod
    from (select (row_number() over (order by id) - 1) / ${PER_FILE} + 1 as file, post_update_time
          from questions where ${visible}) numbered
    group by file order by file`.execute(db);
  return rows;
}

/** The questions of sitemap file `file` (from 1), in id order. */
export async function sitemapQuestions(db: Db, file: number): Promise<SitemapQuestion[]> {
  const { rows } = await sql<SitemapQuestion>`
    select id, url_title, post_update_time from questions where ${visible}
    order by id limit ${PER_FILE} offset ${(file - 1) * PER_FILE}`.execute(db);
  return rows;
}
