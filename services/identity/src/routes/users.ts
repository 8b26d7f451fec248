import {
  EnvelopeSchema,
  Limits,
  PERMISSION_KEYS,
  type PermissionKey,
  roleHolds,
  StaffMemberSchema,
  thresholdsOf,
  translate,
} from '@agora/contracts';
import { errors, type HttpApp, ok, RoleSql } from '@agora/platform';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Accounts } from '../commands/accounts';
import {
  avatarUrl,
  PublicUserInfoSchema,
  toPublicUserInfo,
  toUserBasicInfo,
  UserBasicInfoSchema,
  type UserRow,
} from '../responses/users';

export async function userRoutes(app: HttpApp, accounts: Accounts) {
  // Mention suggestions: usernames or display names starting with what was typed.
  app.get(
    '/answer/api/v1/user/info/search',
    {
      config: { auth: 'user' },
      schema: {
        querystring: Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: EnvelopeSchema(Type.Array(UserBasicInfoSchema)) },
      },
    },
    async (request) => {
      const prefix = `${request.query.username
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await sql<UserRow>`
        select * from users
        where status <> 'deleted' and (lower(username) like ${prefix} or lower(display_name) like ${prefix})
        order by (lower(username) = ${request.query.username.trim().toLowerCase()}) desc, rank desc, username
        limit ${Limits.suggestions.mentions}`.execute(accounts.db);
      const settings = await accounts.settings();
      return ok(
        request,
        rows.map((row) => toUserBasicInfo(row, settings)),
      );
    },
  );

  // Staff whose username or display name starts with what was typed (the reference's handler answers a list).
  app.get(
    '/answer/api/v1/user/staff',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 100 }),
          page_size: Type.Integer({
            minimum: 1,
            maximum: Limits.pageSize.staffSearchMax,
            default: Limits.pageSize.apiDefault,
          }),
        }),
        response: { 200: EnvelopeSchema(Type.Array(StaffMemberSchema)) },
      },
    },
    async (request) => {
      const typed = request.query.username.trim().toLowerCase();
      const prefix = `${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await sql<UserRow>`
        select * from users
        where status <> 'deleted' and role_id in (${RoleSql.admin}, ${RoleSql.moderator})
          and (lower(username) like ${prefix} or lower(display_name) like ${prefix})
        order by (lower(username) = ${typed}) desc, rank desc, username
        limit ${request.query.page_size}`.execute(accounts.db);
      const settings = await accounts.settings();
      return ok(
        request,
        rows.map((row) => ({
          avatar: avatarUrl(row, settings),
          display_name: row.display_name,
          username: row.username,
        })),
      );
    },
  );

  app.get(
    '/answer/api/v1/personal/user/info',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) }),
        // The user object itself in `data`, as the reference's handler answers (not `data.info`).
        response: { 200: EnvelopeSchema(PublicUserInfoSchema) },
      },
    },
    async (request) => {
      const load = async () => {
        const user = await accounts.findByUsername(request.query.username);
        if (!user || user.status === 'deleted') throw errors.notFound('error.user.not_found');
        return toPublicUserInfo(user, await accounts.settings());
      };
      // The same for every viewer, kept until the members table changes; a suspension ends without a write, so a
      // suspended member's profile is read afresh.
      const key = `profile:${request.query.username.toLowerCase()}`;
      const kept = (await accounts.memberReads.get(key, load)) as Awaited<ReturnType<typeof load>>;
      return ok(request, kept.status === 'suspended' ? await load() : kept);
    },
  );

  // What the caller may do, by role first and reputation second.
  app.get(
    '/answer/api/v1/permission',
    {
      config: { auth: 'user' },
      schema: {
        querystring: Type.Object({ action: Type.String({ minLength: 1, maxLength: 2000 }) }),
        response: {
          200: EnvelopeSchema(
            Type.Record(
              Type.String(),
              Type.Object({ has_permission: Type.Boolean(), no_permission_tip: Type.String() }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const asked = request.query.action
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const unknown = asked.filter((a) => !PERMISSION_KEYS.includes(a as PermissionKey));
      if (unknown.length) throw errors.fields({ field: 'action', key: 'validation.invalid' });
      const { privileges } = await accounts.settings();
      const thresholds = thresholdsOf(privileges);
      const user = await accounts.existingUser(request.actor.id);
      const answer: Record<string, { has_permission: boolean; no_permission_tip: string }> = {};
      for (const action of asked as PermissionKey[]) {
        const needed = thresholds[action] ?? -1;
        const allowed = roleHolds(user.role_id, action) || (needed >= 0 && user.rank >= needed);
        answer[action] = {
          has_permission: allowed,
          no_permission_tip: allowed
            ? ''
            : needed >= 0
              ? translate(request.language, 'error.rank.not_enough', { rank: needed })
              : translate(request.language, 'error.rank.role_only'),
        };
      }
      return ok(request, answer);
    },
  );
}
