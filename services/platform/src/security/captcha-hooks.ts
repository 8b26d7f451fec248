import { Idempotency, PluginSlug } from '@agora/contracts';
import { Type } from 'typebox';
import type { HttpApp } from '../http/app';
import type { ServiceContext } from '../service/module';
import { type CaptchaAction, type CaptchaLook, Captchas, captchaRulesWith, DEFAULT_CAPTCHA_LOOK } from './captcha';

/** The captcha plugin's saved settings, each where it is a whole number, else the default. */
function captchaLook(config: Record<string, unknown> | undefined): CaptchaLook {
  const whole = (value: unknown, otherwise: number) => (Number.isInteger(value) ? (value as number) : otherwise);
  return {
    characters: whole(config?.characters, DEFAULT_CAPTCHA_LOOK.characters),
    noise: whole(config?.noise, DEFAULT_CAPTCHA_LOOK.noise),
  };
}

/** A service's captchas, switched on and off by the site's security settings, due at the configured numbers. */
export function captchasFor(context: ServiceContext): Captchas {
  return new Captchas(
    context.database.db,
    async () => (await context.siteSettings()).security.captcha_enabled === true,
    captchaRulesWith(context.config.captchaLimits),
    async () => captchaLook((await context.siteSettings()).plugins[PluginSlug.captcha]?.config),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The captcha rule this route's attempts count towards. */
    captcha?: CaptchaAction;
  }
}

/** The body fields of a request that may have to carry a solved captcha. */
export const CaptchaFields = {
  captcha_id: Type.Optional(Type.String({ maxLength: 100 })),
  captcha_code: Type.Optional(Type.String({ maxLength: 100 })),
};

/**
 * Enforces the captcha rule of every route that names one in its config: a due captcha must come
 * solved with the request (else 400 on `captcha_code`), and each successful attempt counts.
 */
export function captchaHooks(app: HttpApp, captchas: Captchas): void {
  app.addHook('preHandler', async (request) => {
    const action = request.routeOptions.config.captcha;
    if (!action) return;
    const body = (request.body ?? {}) as { captcha_id?: string; captcha_code?: string };
    await captchas.demand(request, action, body.captcha_id, body.captcha_code);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const action = request.routeOptions.config.captcha;
    // A reply repeated for a retry's Idempotency-Key was no new attempt (docs/adr/0093-idempotent-writes.md).
    const replayed = reply.hasHeader(Idempotency.replayedHeader.toLowerCase());
    if (action && reply.statusCode === 200 && !replayed) await captchas.record(request, action);
    return payload;
  });
}
