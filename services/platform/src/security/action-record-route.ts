import { ActionRecordRespSchema, EnvelopeSchema } from '@agora/contracts';
import { Type } from 'typebox';
import type { HttpApp } from '../http/app';
import { ok } from '../http/envelope';
import type { CaptchaAction, Captchas } from './captcha';

/**
 * `GET user/action/record?action=`: whether the caller must solve a captcha for an action, with a fresh
 * one when so (when any of the rules an action names is due). Each service answers for the actions it owns;
 * the gateway routes by `action`.
 */
export async function actionRecordRoute(
  app: HttpApp,
  captchas: Captchas,
  actions: Record<string, CaptchaAction | CaptchaAction[]>,
) {
  app.get(
    '/answer/api/v1/user/action/record',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({ action: Type.Union(Object.keys(actions).map((a) => Type.Literal(a))) }),
        response: { 200: EnvelopeSchema(ActionRecordRespSchema) },
      },
    },
    async (request) => {
      const caller = { actor: request.actor, ip: request.ip };
      let due = false;
      for (const action of [actions[request.query.action] ?? []].flat())
        due ||= await captchas.required(caller, action);
      if (!due) {
        return ok(request, { captcha_id: '', captcha_img: '', verify: false });
      }
      return ok(request, { ...(await captchas.create()), verify: true });
    },
  );
}
