import { type Static, Type } from 'typebox';

/** `version_info` of the dashboard: Agora's version and build; `remote_version` is never fetched (''). */
export const DashboardVersionInfo = Type.Object({
  version: Type.String(),
  revision: Type.String(),
  remote_version: Type.String(),
});

/** The reference's `DashboardInfo`, field for field (`go_version` carries the runtime's version). */
export const DashboardInfo = Type.Object({
  question_count: Type.Integer(),
  resolved_count: Type.Integer(),
  resolved_rate: Type.String(),
  unanswered_count: Type.Integer(),
  unanswered_rate: Type.String(),
  answer_count: Type.Integer(),
  comment_count: Type.Integer(),
  vote_count: Type.Integer(),
  user_count: Type.Integer(),
  report_count: Type.Integer(),
  uploading_files: Type.Boolean(),
  smtp: Type.Union([Type.Literal('enabled'), Type.Literal('not_configured')]),
  https: Type.Boolean(),
  time_zone: Type.String(),
  occupying_storage_space: Type.String(),
  app_start_time: Type.String(),
  version_info: DashboardVersionInfo,
  login_required: Type.Boolean(),
  go_version: Type.String(),
  database_version: Type.String(),
  database_size: Type.String(),
});
export type DashboardInfo = Static<typeof DashboardInfo>;

/** A member among the week's top: reputation gained, or votes cast, in the last 7 days. */
export const DashboardTopUser = Type.Object({
  user_id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  avatar: Type.String(),
  rank: Type.Integer(),
  value: Type.Integer(),
});
export type DashboardTopUser = Static<typeof DashboardTopUser>;

/** One day of activity, in the site's time zone (`YYYY-MM-DD`). */
export const DashboardDay = Type.Object({
  date: Type.String(),
  questions: Type.Integer(),
  answers: Type.Integer(),
  members: Type.Integer(),
});
export type DashboardDay = Static<typeof DashboardDay>;

/**
 * `GET {base}/admin/api/dashboard`: the reference's `{info}`, and beside it (Agora's) the week's top
 * members and the last 30 days of activity, oldest first.
 */
export const DashboardResp = Type.Object({
  info: DashboardInfo,
  top_users: Type.Object({
    by_reputation: Type.Array(DashboardTopUser),
    by_votes: Type.Array(DashboardTopUser),
  }),
  activity: Type.Array(DashboardDay),
});
export type DashboardResp = Static<typeof DashboardResp>;

/** Days the dashboard's activity covers, members it lists per top list. */
export const DASHBOARD_ACTIVITY_DAYS = 30;
export const DASHBOARD_TOP_USERS = 10;
