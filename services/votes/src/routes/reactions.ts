import {
  EnvelopeSchema,
  objectTypeOf,
  REACTION_CHANGES,
  REACTION_EMOJIS,
  ReactionSummarySchema,
} from '@agora/contracts';
import { errors, type HttpApp, longIdOf, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { ReactionCommands } from '../commands/reactions';
import type { ReactionReads } from '../queries/reactions';

/** A question, answer or comment id, in its long form or the short form of the permalink settings. */
const PostId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z]+$' });
const Summary = { 200: EnvelopeSchema(ReactionSummarySchema) };

/** The long id of a post that can carry reactions; anything else names no such post. */
function reactableId(objectId: string): string {
  const id = longIdOf(objectId);
  const type = id ? objectTypeOf(id) : undefined;
  if (!id || (type !== 'question' && type !== 'answer' && type !== 'comment')) {
    throw errors.notFound('error.object.not_found');
  }
  return id;
}

/** `meta/reaction`: a post's reactions, and a member's reaction with heart, smile or frown. */
export async function reactionRoutes(app: HttpApp, reactions: ReactionCommands, reads: ReactionReads) {
  app.get(
    '/answer/api/v1/meta/reaction',
    {
      config: { auth: 'optional' },
      schema: { querystring: Type.Object({ object_id: PostId }), response: Summary },
    },
    async (request) =>
      ok(
        request,
        await reads.summary(reactableId(request.query.object_id), request.actor?.id ?? null, request.language),
      ),
  );

  app.put(
    '/answer/api/v1/meta/reaction',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({
          object_id: PostId,
          emoji: Type.Enum(REACTION_EMOJIS),
          reaction: Type.Enum(REACTION_CHANGES),
        }),
        response: Summary,
      },
    },
    async (request) => {
      const member = request.actor;
      const objectId = await reactions.react(member, {
        objectId: reactableId(request.body.object_id),
        emoji: request.body.emoji,
        activate: request.body.reaction === 'activate',
      });
      return ok(request, await reads.summary(objectId, member.id, request.language));
    },
  );
}
