import {
  AdminUserOverviewSchema,
  type AdminUserPageItem,
  AdminUserPageItemSchema,
  EnvelopeSchema,
  Limits,
  PageQuery,
  ROLES,
  type RoleId,
  RoleItemSchema,
  SUSPENDED_FOREVER_UNTIL,
  UserActivationRespSchema,
} from '@agora/contracts';
import { errors, type FieldProblem, type HttpApp, MailStatusSql, ok, RoleSql } from '@agora/platform';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Accounts } from '../commands/accounts';
import { adminUserItem, adminUserOverview } from '../responses/admin-users';
import type { UserRow } from '../responses/users';
import { AdminDisplayName, DisplayName, Email, Password, Username } from './schemas';
import { sessionsChanged } from './sessions-changed';

const Null = Type.Null();
const ADMIN = { auth: 'admin' as const };

const DURATIONS: Record<string, number | null> = {
  '24h': 24,
  '48h': 48,
  '72h': 72,
  '7d': 7 * 24,
  '14d': 14 * 24,
  '1m': 30 * 24,
  '2m': 60 * 24,
  '3m': 90 * 24,
  '6m': 180 * 24,
  '1y': 365 * 24,
  forever: null,
};
const FOREVER = SUSPENDED_FOREVER_UNTIL;

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function notOnYourself(actorId: string, userId: string) {
  if (actorId === userId) throw errors.business('error.user.operate_yourself', 'error.user.operate_yourself', 'toast');
}

/** Bulk add: every line is checked first; one bad line adds nobody, and each bad line is named. */
function parseBulk(text: string): {
  lines: { displayName: string; email: string; password: string }[];
  problems: FieldProblem[];
} {
  const rows = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const lines = rows.map((row, index) => {
    const line = index + 1;
    const [displayName = '', email = '', ...rest] = row.split(',').map((p) => p.trim());
    const password = rest.join(',');
    const problem = (key: string, params: Record<string, string | number> = {}) =>
      problems.push({ field: 'users', key, params: { line, ...params } });
    if (
      displayName.length < Limits.user.adminDisplayNameMinLength ||
      displayName.length > Limits.user.displayNameMaxLength
    )
      problem('error.bulk.display_name', {
        min: Limits.user.adminDisplayNameMinLength,
        max: Limits.user.displayNameMaxLength,
      });
    else if (!EMAIL_FORMAT.test(email) || email.length > Limits.user.emailMaxLength) problem('error.bulk.email');
    else if (seen.has(email.toLowerCase())) problem('error.bulk.email_repeated');
    else if (password.length < Limits.password.minLength || password.length > Limits.password.maxLength)
      problem('error.bulk.password', { min: Limits.password.minLength, max: Limits.password.maxLength });
    seen.add(email.toLowerCase());
    return { displayName, email, password };
  });
  if (rows.length === 0) problems.push({ field: 'users', key: 'validation.required' });
  if (rows.length > Limits.user.bulkAddMax) problems.push({ field: 'users', key: 'error.bulk.too_many' });
  return { lines, problems };
}

type KeptUserPage = { page: { count: number; list: AdminUserPageItem[] }; nextLapse: number };

/** A list's size and the earliest end of a suspension among its members, beside each row (window functions). */
type ListFacts = { total: number; next_lapse: Date | null };
const LIST_FACTS = sql`count(*) over ()::int as total,
  min(suspended_until) filter (where status = 'suspended' and suspended_until > now()) over () as next_lapse`;

export async function adminUserRoutes(app: HttpApp, accounts: Accounts) {
  app.get(
    '/answer/admin/api/users/page',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({
          ...PageQuery({ default: Limits.pageSize.apiDefault }),
          query: Type.Optional(Type.String({ maxLength: 100 })),
          staff: Type.Optional(Type.Boolean()),
          status: Type.Optional(
            Type.Union([
              Type.Literal('suspended'),
              Type.Literal('deleted'),
              Type.Literal('inactive'),
              Type.Literal('normal'),
            ]),
          ),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ count: Type.Integer(), list: Type.Array(AdminUserPageItemSchema) })),
        },
      },
    },
    async (request) => {
      const { page, page_size, query, staff, status } = request.query;
      const term = query?.trim()
        ? `%${query
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : null;
      const where = sql`
        (${term}::text is null or lower(username) like ${term} or lower(display_name) like ${term} or lower(email) like ${term})
        and (${staff ?? false} = false or role_id in (${RoleSql.admin}, ${RoleSql.moderator}))
        and ${
          status === 'deleted'
            ? sql`status = 'deleted'`
            : status === 'suspended'
              ? sql`status = 'suspended' and suspended_until > now()`
              : status === 'inactive'
                ? sql`status <> 'deleted' and mail_status = ${MailStatusSql.inactive}`
                : sql`status <> 'deleted'`
        }`;
      // One statement counts the whole list, finds its next lapse and reads the page; only a page past the end counts apart.
      const load = async (): Promise<KeptUserPage> => {
        const { rows } = await sql<UserRow & ListFacts>`
          select *, ${LIST_FACTS} from users where ${where}
          order by created_at desc, user_id desc
          limit ${page_size} offset ${(page - 1) * page_size}`.execute(accounts.db);
        const facts =
          rows[0] ??
          (page === 1
            ? undefined
            : (await sql<ListFacts>`select ${LIST_FACTS} from users where ${where} limit 1`.execute(accounts.db))
                .rows[0]);
        const settings = await accounts.settings();
        return {
          page: { count: facts?.total ?? 0, list: rows.map((row) => adminUserItem(row, settings)) },
          nextLapse: facts?.next_lapse?.getTime() ?? Number.POSITIVE_INFINITY,
        };
      };
      // A suspension lapses without a write: a list is kept until its next lapse, or until the members table changes.
      const key = JSON.stringify(['users/page', page, page_size, term, staff ?? false, status ?? null]);
      const kept = (await accounts.memberReads.get(
        key,
        load,
        (value) => (value as KeptUserPage).nextLapse,
      )) as KeptUserPage;
      return ok(request, kept.page);
    },
  );

  // Agora's: one member's overview for `/admin/users/{user_id}`.
  app.get(
    '/answer/admin/api/user',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: EnvelopeSchema(AdminUserOverviewSchema) },
      },
    },
    async (request) => {
      const { rows } = await sql<UserRow>`select * from users where user_id = ${request.query.user_id}`.execute(
        accounts.db,
      );
      const row = rows[0];
      if (!row) throw errors.notFound('error.user.not_found');
      return ok(request, adminUserOverview(row, await accounts.settings()));
    },
  );

  app.put(
    '/answer/admin/api/user/status',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({
          user_id: Type.String({ minLength: 1 }),
          status: Type.Union([
            Type.Literal('normal'),
            Type.Literal('suspended'),
            Type.Literal('deleted'),
            Type.Literal('inactive'),
          ]),
          suspend_duration: Type.Optional(Type.Union(Object.keys(DURATIONS).map((d) => Type.Literal(d)))),
          remove_all_content: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request, reply) => {
      const { user_id, status, suspend_duration, remove_all_content } = request.body;
      notOnYourself(request.actor.id, user_id);
      const actor = request.actor.id;
      if (status === 'normal') await accounts.run(user_id, { type: 'reinstate' }, actor);
      else if (status === 'inactive') await accounts.run(user_id, { type: 'deactivate' }, actor);
      else if (status === 'deleted')
        await accounts.run(user_id, { type: 'delete', removeAllContent: remove_all_content ?? false }, actor);
      else {
        const hours = DURATIONS[suspend_duration ?? 'forever'];
        const until =
          hours === null || hours === undefined ? FOREVER : new Date(Date.now() + hours * 3_600_000).toISOString();
        await accounts.run(user_id, { type: 'suspend', until }, actor);
      }
      sessionsChanged(reply);
      return ok(request, null);
    },
  );

  app.put(
    '/answer/admin/api/user/role',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({
          user_id: Type.String({ minLength: 1 }),
          role_id: Type.Union(ROLES.map((r) => Type.Literal(r.id))),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request, reply) => {
      notOnYourself(request.actor.id, request.body.user_id);
      await accounts.run(
        request.body.user_id,
        { type: 'change_role', roleId: request.body.role_id as RoleId },
        request.actor.id,
      );
      sessionsChanged(reply);
      return ok(request, null);
    },
  );

  app.post(
    '/answer/admin/api/user',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({ display_name: AdminDisplayName, email: Email, password: Password }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      try {
        await accounts.register({
          email: request.body.email,
          displayName: request.body.display_name,
          password: request.body.password,
          activated: true,
          createdBy: 'admin',
          actorId: request.actor.id,
        });
      } catch (error) {
        // The admin form names the field `email`.
        const fields = (error as { fields?: FieldProblem[] }).fields;
        if (fields?.[0]?.field === 'e_mail') throw errors.fields({ ...fields[0], field: 'email' });
        throw error;
      }
      return ok(request, null);
    },
  );

  app.post(
    '/answer/admin/api/users',
    {
      config: ADMIN,
      schema: {
        // Room for every line of the largest list, each far longer than a real one.
        body: Type.Object({ users: Type.String({ maxLength: Limits.user.bulkAddMax * 200 }) }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const { lines, problems } = parseBulk(request.body.users);
      for (const [index, line] of lines.entries()) {
        if (!problems.some((p) => p.params?.line === index + 1) && (await accounts.emailTaken(line.email))) {
          problems.push({ field: 'users', key: 'error.bulk.email_taken', params: { line: index + 1 } });
        }
      }
      if (problems.length) throw errors.fields(...problems);
      for (const line of lines) {
        await accounts.register({ ...line, activated: true, createdBy: 'admin', actorId: request.actor.id });
      }
      return ok(request, null);
    },
  );

  app.put(
    '/answer/admin/api/user/password',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({ user_id: Type.String({ minLength: 1 }), password: Password }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request, reply) => {
      if (!(await accounts.findById(request.body.user_id))) throw errors.notFound('error.user.not_found');
      // Setting a password ends the user's sessions.
      await accounts.setPassword(request.body.user_id, request.body.password, 'admin', request.actor.id);
      sessionsChanged(reply);
      return ok(request, null);
    },
  );

  app.put(
    '/answer/admin/api/user/profile',
    {
      config: ADMIN,
      schema: {
        body: Type.Object({
          user_id: Type.String({ minLength: 1 }),
          display_name: DisplayName,
          email: Email,
          username: Type.Optional(Username),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const { user_id, display_name, email, username } = request.body;
      const user = await accounts.findById(user_id);
      if (!user || user.status === 'deleted') throw errors.notFound('error.user.not_found');
      if (await accounts.emailTaken(email, user_id))
        throw errors.fields({ field: 'email', key: 'error.email.duplicate' });
      if (username && (await accounts.usernameTaken(username, user_id))) {
        throw errors.fields({ field: 'username', key: 'error.username.duplicate' });
      }
      await accounts.run(
        user_id,
        {
          type: 'update_profile',
          profile: {
            username: username ?? user.username,
            display_name: display_name.trim(),
            avatar: {
              type: user.avatar.type ?? '',
              gravatar: user.avatar.gravatar ?? '',
              custom: user.avatar.custom ?? '',
            },
            bio: user.bio,
            bio_html: user.bio_html,
            website: user.website,
            location: user.location,
          },
        },
        request.actor.id,
      );
      await accounts.run(user_id, { type: 'change_email', email }, request.actor.id);
      return ok(request, null);
    },
  );

  const activationUser = async (userId: string) => {
    const user = await accounts.findById(userId);
    if (!user || user.status === 'deleted') throw errors.notFound('error.user.not_found');
    return user;
  };

  app.get(
    '/answer/admin/api/user/activation',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({ user_id: Type.String({ minLength: 1 }) }),
        response: { 200: EnvelopeSchema(UserActivationRespSchema) },
      },
    },
    async (request) => {
      const user = await activationUser(request.query.user_id);
      const code = await accounts.issueCode(user.user_id, 'activation', user.email);
      const { general } = await accounts.settings();
      return ok(request, {
        activation_url: `${general.site_url}/users/account-activation?code=${encodeURIComponent(code)}`,
      });
    },
  );

  for (const path of ['/answer/admin/api/user/activation', '/answer/admin/api/users/activation']) {
    app.post(
      path,
      {
        config: ADMIN,
        schema: {
          body: Type.Object({ user_id: Type.String({ minLength: 1 }) }),
          response: { 200: EnvelopeSchema(Null) },
        },
      },
      async (request) => {
        const user = await activationUser(request.body.user_id);
        // The member's address has a budget whoever asks, an admin too (docs/adr/0090-mail-per-recipient.md).
        if (!(await accounts.sendLink(user, 'activation', user.email, request.actor.id)))
          throw errors.tooManyRequests();
        return ok(request, null);
      },
    );
  }

  app.get(
    '/answer/admin/api/roles',
    {
      config: ADMIN,
      schema: {
        response: {
          200: EnvelopeSchema(Type.Array(RoleItemSchema)),
        },
      },
    },
    async (request) => ok(request, ROLES),
  );
}
