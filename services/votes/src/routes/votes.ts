import { BookmarkResultSchema, EnvelopeSchema, VoteResultSchema } from '@agora/contracts';
import { CaptchaFields, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { VoteCommands } from '../commands/votes';
import type { Direction } from '../domain/vote/decider';

export const ObjectId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9]+$' });
const USER = { auth: 'user' as const };

/** `vote/up`, `vote/down` and `collection/switch` (the reference API's "Vote / follow / collection" group). */
export async function voteRoutes(app: HttpApp, votes: VoteCommands) {
  for (const direction of ['up', 'down'] as Direction[]) {
    app.post(
      `/answer/api/v1/vote/${direction}`,
      {
        // From the 40th vote in a row a captcha is due (platform captcha hooks).
        config: { ...USER, captcha: 'vote' },
        schema: {
          body: Type.Object({ object_id: ObjectId, is_cancel: Type.Optional(Type.Boolean()), ...CaptchaFields }),
          response: { 200: EnvelopeSchema(VoteResultSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await votes.vote(request.actor, {
            objectId: request.body.object_id,
            direction,
            cancel: request.body.is_cancel ?? false,
          }),
        ),
    );
  }

  app.post(
    '/answer/api/v1/collection/switch',
    {
      config: USER,
      schema: {
        body: Type.Object({
          object_id: ObjectId,
          group_id: Type.String({ maxLength: 64 }),
          bookmark: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeSchema(BookmarkResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await votes.switchBookmark(request.actor, {
          objectId: request.body.object_id,
          bookmark: request.body.bookmark ?? null,
        }),
      ),
  );
}
