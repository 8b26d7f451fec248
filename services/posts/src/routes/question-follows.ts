import { EnvelopeSchema, FollowRespSchema, objectTypeOf } from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { QuestionFollowCommands } from '../commands/question-follows';
import { Id, USER } from './schemas';

/** `follow` with a question id: following a question, or with `is_cancel` no longer (the gateway sends tags to tags). */
export async function questionFollowRoutes(app: HttpApp, follows: QuestionFollowCommands) {
  app.post(
    '/answer/api/v1/follow',
    {
      config: USER,
      schema: {
        body: Type.Object({ object_id: Id, is_cancel: Type.Optional(Type.Boolean()) }),
        response: { 200: EnvelopeSchema(FollowRespSchema) },
      },
    },
    async (request) => {
      const { object_id, is_cancel } = request.body;
      // Questions are the only posts one follows (a short id is already its long form here).
      if (objectTypeOf(object_id) !== 'question')
        throw errors.fields({ field: 'object_id', key: 'validation.invalid' });
      return ok(request, await follows.follow(request.actor, object_id, is_cancel ?? false));
    },
  );
}
