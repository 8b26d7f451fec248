import {
  AGORA_VERSION,
  avatarUrl,
  DASHBOARD_ACTIVITY_DAYS,
  DASHBOARD_TOP_USERS,
  type DashboardDay,
  type DashboardInfo,
  type DashboardResp,
  type DashboardTopUser,
  type SiteSettings,
} from '@agora/contracts';
import { type AgoraConfig, type ChangeFeed, type Db, ReadModelCache } from '@agora/platform';
import { sql } from 'kysely';
import { DASHBOARD_TOPIC } from '../projections/dashboard/topic';
import type { FileStorage } from '../uploads/storage';

/** What the dashboard's read model says, kept until the model changes. */
interface Figures {
  counts: {
    question_count: number;
    resolved_count: number;
    unanswered_count: number;
    answer_count: number;
    comment_count: number;
    vote_count: number;
    user_count: number;
    report_count: number;
  };
  top_users: DashboardResp['top_users'];
  activity: DashboardDay[];
}

/** System figures that cost a walk of the uploads or a catalog query: kept a minute. */
interface SystemFigures {
  storageBytes: number;
  databaseVersion: string;
  databaseSize: string;
  at: number;
}
const SYSTEM_FIGURES_MS = 60_000;

/** `12.3 MB`: bytes as the dashboard shows them. */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** `part` of `whole` as a percentage with two decimals (`'0.00'` of nothing). */
export function rate(part: number, whole: number): string {
  return whole === 0 ? '0.00' : ((part / whole) * 100).toFixed(2);
}

interface TopRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: { type?: string; gravatar?: string; custom?: string };
  rank: number;
  value: string | number;
}

/**
 * The admin dashboard: counts, the week's top members and 30 days of activity from the site's own
 * projection of other services' events, and the live health figures (settings, uptime, storage).
 */
export class DashboardReads {
  private readonly figures: ReadModelCache<Figures>;
  private system: SystemFigures | null = null;
  private readonly startedAt = Date.now();

  constructor(
    private readonly db: Db,
    changes: Pick<ChangeFeed, 'topic'>,
    private readonly storage: FileStorage,
    private readonly config: Pick<AgoraConfig, 'smtpUrl'>,
  ) {
    this.figures = new ReadModelCache<Figures>(changes.topic(DASHBOARD_TOPIC), 4);
  }

  async dashboard(settings: SiteSettings): Promise<DashboardResp> {
    const timeZone = settings.interface.time_zone;
    const [figures, system] = await Promise.all([
      this.figures.get(timeZone, () => this.loadFigures(settings)),
      this.systemFigures(),
    ]);
    const { counts } = figures;
    const info: DashboardInfo = {
      ...counts,
      resolved_rate: rate(counts.resolved_count, counts.question_count),
      unanswered_rate: rate(counts.unanswered_count, counts.question_count),
      uploading_files: true,
      smtp: settings.smtp.smtp_host.trim() !== '' || this.config.smtpUrl ? 'enabled' : 'not_configured',
      https: settings.general.site_url.startsWith('https://'),
      time_zone: timeZone,
      occupying_storage_space: humanBytes(system.storageBytes),
      app_start_time: String(Math.floor((Date.now() - this.startedAt) / 1000)),
      version_info: { version: AGORA_VERSION, revision: process.env.AGORA_REVISION ?? '', remote_version: '' },
      login_required: settings.security.login_required,
      go_version: `Node.js ${process.version}`,
      database_version: system.databaseVersion,
      database_size: system.databaseSize,
    };
    return { info, top_users: figures.top_users, activity: figures.activity };
  }

  private async systemFigures(): Promise<SystemFigures> {
    if (this.system && Date.now() - this.system.at < SYSTEM_FIGURES_MS) return this.system;
    const [storageBytes, { rows }] = await Promise.all([
      this.storage.usedBytes(),
      sql<{ version: string; size: string }>`
        select current_setting('server_version') as version,
               pg_size_pretty(pg_database_size(current_database())) as size`.execute(this.db),
    ]);
    const row = rows[0];
    this.system = {
      storageBytes,
      databaseVersion: row ? `PostgreSQL ${row.version}` : '',
      databaseSize: row?.size ?? '',
      at: Date.now(),
    };
    return this.system;
  }

  private async loadFigures(settings: SiteSettings): Promise<Figures> {
    const [counts, byReputation, byVotes, activity] = await Promise.all([
      this.counts(),
      this.topByReputation(settings),
      this.topByVotes(settings),
      this.activity(settings.interface.time_zone),
    ]);
    return { counts, top_users: { by_reputation: byReputation, by_votes: byVotes }, activity };
  }

  private async counts(): Promise<Figures['counts']> {
    // Listed questions: not deleted, not hidden. Votes: standing votes on questions and answers.
    const { rows } = await sql<Record<keyof Figures['counts'], string>>`
      select
        (select count(*) from dashboard_questions where not deleted and not hidden) as question_count,
        (select count(*) from dashboard_questions where not deleted and not hidden and accepted and answer_count > 0)
          as resolved_count,
        (select count(*) from dashboard_questions where not deleted and not hidden and answer_count = 0)
          as unanswered_count,
        (select count(*) from dashboard_answers a join dashboard_questions q using (question_id)
          where not a.deleted and not q.deleted) as answer_count,
        (select count(*) from dashboard_comments where not deleted) as comment_count,
        (select count(*) from dashboard_votes where standing and object_type in ('question', 'answer')) as vote_count,
        (select count(*) from actors where status <> 'deleted') as user_count,
        (select count(*) from dashboard_pending_edits) as report_count`.execute(this.db);
    const row = rows[0];
    const number = (key: keyof Figures['counts']) => Number(row?.[key] ?? 0);
    return {
      question_count: number('question_count'),
      resolved_count: number('resolved_count'),
      unanswered_count: number('unanswered_count'),
      answer_count: number('answer_count'),
      comment_count: number('comment_count'),
      vote_count: number('vote_count'),
      user_count: number('user_count'),
      report_count: number('report_count'),
    };
  }

  private toTopUsers(rows: TopRow[], settings: SiteSettings): DashboardTopUser[] {
    return rows.map((row) => ({
      user_id: row.user_id,
      username: row.username,
      display_name: row.display_name,
      avatar: avatarUrl({ avatar: row.avatar, email: row.email }, settings),
      rank: row.rank,
      value: Number(row.value),
    }));
  }

  private async topByReputation(settings: SiteSettings): Promise<DashboardTopUser[]> {
    const { rows } = await sql<TopRow>`
      select a.user_id, a.username, a.display_name, a.email, a.avatar, a.rank, week.gained as value
      from (select user_id, sum(delta) as gained from dashboard_reputation
            where changed_at >= now() - interval '7 days' group by user_id) week
      join actors a using (user_id)
      where a.status <> 'deleted' and week.gained > 0
      order by week.gained desc, a.user_id
      limit ${DASHBOARD_TOP_USERS}`.execute(this.db);
    return this.toTopUsers(rows, settings);
  }

  private async topByVotes(settings: SiteSettings): Promise<DashboardTopUser[]> {
    const { rows } = await sql<TopRow>`
      select a.user_id, a.username, a.display_name, a.email, a.avatar, a.rank, week.votes as value
      from (select user_id, count(*) as votes from dashboard_votes
            where standing and cast_at >= now() - interval '7 days' group by user_id) week
      join actors a using (user_id)
      where a.status <> 'deleted'
      order by week.votes desc, a.user_id
      limit ${DASHBOARD_TOP_USERS}`.execute(this.db);
    return this.toTopUsers(rows, settings);
  }

  /** Questions asked, answers posted and members joined per day of the site's time zone, oldest first. */
  private async activity(timeZone: string): Promise<DashboardDay[]> {
    const { rows } = await sql<{ date: string; questions: string; answers: string; members: string }>`
      with days as (
        select (generate_series(
          (now() at time zone ${timeZone})::date - ${DASHBOARD_ACTIVITY_DAYS - 1}::integer,
          (now() at time zone ${timeZone})::date,
          interval '1 day'))::date as day),
      since as (select (min(day)::timestamp at time zone ${timeZone}) as t from days),
      q as (select (asked_at at time zone ${timeZone})::date as day, count(*) as n
            from dashboard_questions, since where asked_at >= since.t group by 1),
      a as (select (posted_at at time zone ${timeZone})::date as day, count(*) as n
            from dashboard_answers, since where posted_at >= since.t group by 1),
      m as (select (joined_at at time zone ${timeZone})::date as day, count(*) as n
            from dashboard_members, since where joined_at >= since.t group by 1)
      select to_char(days.day, 'YYYY-MM-DD') as date,
             coalesce(q.n, 0) as questions, coalesce(a.n, 0) as answers, coalesce(m.n, 0) as members
      from days left join q using (day) left join a using (day) left join m using (day)
      order by days.day`.execute(this.db);
    return rows.map((row) => ({
      date: row.date,
      questions: Number(row.questions),
      answers: Number(row.answers),
      members: Number(row.members),
    }));
  }
}
