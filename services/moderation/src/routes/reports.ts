import { EnvelopeSchema, FlagOperationSchema, Limits, PageQuery, PageSchema, ReportItemSchema } from '@agora/contracts';
import { CaptchaFields, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { FlagCommands } from '../commands/flags';
import type { ModerationReads } from '../queries/reads';
import { ADMIN, Id, Null, STAFF, USER } from './schemas';

/** How long a suspension for a flagged member lasts, as identity's admin page names them (hours; absent: for ever). */
const SUSPENSIONS: Record<string, number> = {
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
};

/** Flags: raising one, the moderators' queue and list, and handling one. */
export async function reportRoutes(app: HttpApp, flags: FlagCommands, reads: ModerationReads) {
  app.post(
    '/answer/api/v1/report',
    {
      config: { ...USER, captcha: 'report' },
      schema: {
        body: Type.Object({
          object_id: Id,
          report_type: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
          content: Type.Optional(Type.String({ maxLength: Limits.report.contentMaxLength })),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const { object_id, report_type, content } = request.body;
      await flags.report(request.actor, { object_id, report_type, content: content ?? '' });
      return ok(request, null);
    },
  );

  app.put(
    '/answer/api/v1/report/review',
    {
      config: STAFF,
      schema: {
        body: Type.Object({
          flag_id: Id,
          operation_type: FlagOperationSchema,
          close_type: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          close_msg: Type.Optional(Type.String({ maxLength: Limits.report.contentMaxLength })),
          title: Type.Optional(Type.String({ maxLength: Limits.question.titleMaxLength })),
          content: Type.Optional(Type.String({ maxLength: Limits.post.bodyMaxLength })),
          tags: Type.Optional(
            Type.Array(
              Type.Object({
                slug_name: Type.String({ minLength: 1, maxLength: Limits.tags.slugMaxLength }),
                display_name: Type.Optional(Type.String({ maxLength: Limits.tags.nameMaxLength })),
              }),
              { maxItems: 5 },
            ),
          ),
          suspend_duration: Type.Optional(Type.Union(Object.keys(SUSPENSIONS).map((d) => Type.Literal(d)))),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const { suspend_duration, ...input } = request.body;
      await flags.handle(request.actor, {
        ...input,
        ...(suspend_duration ? { suspend_hours: SUSPENSIONS[suspend_duration] } : {}),
      });
      return ok(request, null);
    },
  );

  app.get(
    '/answer/api/v1/report/unreviewed/post',
    {
      config: STAFF,
      schema: {
        querystring: Type.Object({ page: PageQuery({ default: 1 }).page }),
        response: { 200: EnvelopeSchema(PageSchema(ReportItemSchema)) },
      },
    },
    async (request) => ok(request, await reads.pendingFlag(request.query.page, request.language)),
  );

  app.get(
    '/answer/admin/api/reports/page',
    {
      config: ADMIN,
      schema: {
        querystring: Type.Object({
          ...PageQuery({ default: Limits.report.adminPageSize }),
          status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('completed')])),
          object_type: Type.Optional(
            Type.Union([
              Type.Literal(''),
              Type.Literal('question'),
              Type.Literal('answer'),
              Type.Literal('comment'),
              Type.Literal('user'),
            ]),
          ),
        }),
        response: { 200: EnvelopeSchema(PageSchema(ReportItemSchema)) },
      },
    },
    async (request) => {
      const { page, page_size, status, object_type } = request.query;
      return ok(
        request,
        await reads.flags(
          { status: status ?? 'pending', objectType: object_type, page, pageSize: page_size },
          request.language,
        ),
      );
    },
  );
}
