import { EnvelopeSchema } from '@agora/contracts';
import { CaptchaFields, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { QuestionCommands } from '../commands/questions';
import { UserBasicInfoSchema } from '../queries/authors';
import { invitedMembers } from '../queries/invitations';
import type { PostsReads } from '../queries/reads';
import { Id, Null, USER } from './schemas';

/** Who is invited to answer a question, and inviting. */
export async function invitationRoutes(
  app: HttpApp,
  { questions, reads }: { questions: QuestionCommands; reads: PostsReads },
) {
  app.get(
    '/answer/api/v1/question/invite',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Array(UserBasicInfoSchema)) },
      },
    },
    async (request) => ok(request, await invitedMembers(reads, request.query.id, request.actor)),
  );

  app.put(
    '/answer/api/v1/question/invite',
    {
      config: { ...USER, captcha: 'invitation_answer' },
      schema: {
        body: Type.Object({
          id: Id,
          invite_user: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 30 }),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      await questions.invite(request.actor, request.body.id, request.body.invite_user);
      return ok(request, null);
    },
  );
}
