import { MailStatus } from '@agora/contracts/identity/roles';
import { accountApi } from '../api/calls/account';
import { takeLoginRedirect } from '../guards/redirect-target';
import { navigate } from '../router/history';
import { ROUTES } from '../router/routes';
import { STORAGE_KEYS, storage } from '../storage';
import { clearSession, setSession } from './session';
import type { UserInfo } from './user';

/**
 * After login (or activation, or a third-party login): keeps the session, then goes to the saved
 * target, or to the inactive screen while the e-mail is not confirmed.
 */
export function completeLogin(user: UserInfo): void {
  // Leave the page first: a screen for logged-out visitors would otherwise see the new session and
  // redirect on its own.
  navigate(user.mail_status === MailStatus.activated ? takeLoginRedirect() : ROUTES.inactive, { replace: true });
  setSession(user);
}

/** Logout clears the session and reloads the page. */
export async function logout(): Promise<void> {
  await accountApi.logout().catch(() => undefined);
  clearSession();
  window.location.replace('/');
}

/** A token handed over by a third-party login (auth landing, e-mail binding): keep it, load the user. */
export async function signInWithToken(token: string): Promise<UserInfo | null> {
  storage.set(STORAGE_KEYS.token, token);
  const user = await accountApi.userInfo().catch(() => null);
  if (!user) {
    clearSession();
    return null;
  }
  completeLogin({ ...user, access_token: token });
  return user;
}
