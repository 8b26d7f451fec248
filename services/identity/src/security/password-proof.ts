import type { Caller } from '@agora/platform';
import { errors } from '@agora/platform';
import type { Accounts } from '../commands/accounts';
import { demandLoginCaptcha } from './login-captcha';

export interface PasswordProof {
  e_mail: string;
  pass: string;
  captcha_id?: string;
  captcha_code?: string;
}

/**
 * A password proven as a sign-in proves it, wherever it is asked for (signing in, linking an external login):
 * the address's rate limit, the captcha it must carry (docs/adr/0042-token-checks-and-login-limits.md), and a
 * wrong password counted against the account and the caller. Answers the account; a wrong password is the field
 * error on `errorField`, the field the client shows it under.
 */
export async function provePassword(
  accounts: Accounts,
  caller: Caller,
  proof: PasswordProof,
  errorField: 'e_mail' | 'pass',
) {
  await accounts.limits.spend(['login_ip', caller.ip]);
  const failedBefore = await demandLoginCaptcha(
    accounts.captchas,
    accounts.limits,
    caller,
    proof.e_mail,
    proof.captcha_id,
    proof.captcha_code,
  );
  const user = await accounts.authenticate(proof.e_mail, proof.pass);
  if (!user) {
    await accounts.captchas.record(caller, 'password');
    await accounts.limits.count('login_account_failures', proof.e_mail);
    throw errors.fields({ field: errorField, key: 'error.email.or_password_wrong' });
  }
  if (failedBefore > 0) await accounts.captchas.clear(caller, 'password');
  return user;
}
