import type { Caller, Captchas } from '@agora/platform';
import type { RateLimits } from './rate-limits';

/**
 * The captcha a sign-in must carry (docs/adr/0042-token-checks-and-login-limits.md): the address's own
 * after three wrong passwords (the `login` captcha rule, while the site has captchas on), and, whatever the site's
 * switch, one per sign-in to an account that has had `login_account_failures` wrong passwords in that
 * limit's window. So strangers' guesses make the owner prove they are a person; they never lock the owner
 * out. A refusal is the `captcha_code` field error, after which the client's
 * `user/action/record?action=login` hands out the image. Returns the address's wrong passwords counted so far.
 */
export async function demandLoginCaptcha(
  captchas: Captchas,
  limits: RateLimits,
  caller: Caller,
  email: string,
  captchaId: string | undefined,
  code: string | undefined,
): Promise<number> {
  if (!(await limits.reached('login_account_failures', email))) {
    return captchas.demand(caller, 'password', captchaId, code);
  }
  // The mark on the address is what makes `user/action/record` hand this caller an image.
  await captchas.record(caller, 'login_guard');
  await captchas.demand(caller, 'login_guard', captchaId, code);
  await captchas.clear(caller, 'login_guard');
  return captchas.hits(caller, 'password');
}
