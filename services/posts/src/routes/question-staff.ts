import { EnvelopeSchema } from '@agora/contracts';
import { type Actor, type HttpApp, ok } from '@agora/platform';
import { type Static, type TObject, Type } from 'typebox';
import type { QuestionCommands } from '../commands/questions';
import { Id, Null, USER } from './schemas';

/** The moderators' actions on a question: close, reopen, pin, unpin, hide, show, undelete. */
export async function questionStaffRoutes(app: HttpApp, questions: QuestionCommands) {
  const act = <T extends TObject>(path: string, body: T, run: (actor: Actor, body: Static<T>) => Promise<void>) =>
    app.put(path, { config: USER, schema: { body, response: { 200: EnvelopeSchema(Null) } } }, async (request) => {
      await run(request.actor, request.body as Static<T>);
      return ok(request, null);
    });

  act(
    '/answer/api/v1/question/status',
    Type.Object({
      id: Id,
      close_type: Type.Integer({ minimum: 0, maximum: 1000 }),
      close_msg: Type.Optional(Type.String({ maxLength: 1000 })),
    }),
    (actor, body) =>
      questions.staffAction(actor, body.id, {
        type: 'close',
        actorId: actor.id,
        closeType: body.close_type,
        closeMsg: body.close_msg ?? '',
      }),
  );
  act('/answer/api/v1/question/reopen', Type.Object({ question_id: Id }), (actor, body) =>
    questions.staffAction(actor, body.question_id, { type: 'reopen', actorId: actor.id }),
  );
  act(
    '/answer/api/v1/question/operation',
    Type.Object({
      id: Id,
      operation: Type.Union([Type.Literal('pin'), Type.Literal('unpin'), Type.Literal('hide'), Type.Literal('show')]),
    }),
    (actor, body) =>
      questions.staffAction(actor, body.id, { type: 'operate', actorId: actor.id, operation: body.operation }),
  );

  app.post(
    '/answer/api/v1/question/recover',
    { config: USER, schema: { body: Type.Object({ question_id: Id }), response: { 200: EnvelopeSchema(Null) } } },
    async (request) => {
      const actor = request.actor;
      await questions.staffAction(actor, request.body.question_id, { type: 'undelete', actorId: actor.id });
      return ok(request, null);
    },
  );
}
