import { describe, expect, it } from 'vitest';
import { editability, type GuardContext, guards, runGuards } from '../src/guards/guards';
import { isExemptPath } from '../src/guards/private-site';
import { deriveLoginState } from '../src/session/login-state';

const user = (mail_status: number, status = 'normal', role_id = 1) => ({ mail_status, status, role_id });
const context = (state: ReturnType<typeof deriveLoginState>, site: GuardContext['site'] = null): GuardContext => ({
  state,
  site,
  agent: null,
  pathname: '/',
});
const anonymous = deriveLoginState('', null);
const activated = deriveLoginState('t', user(1));
const inactive = deriveLoginState('t', user(2));
const suspended = deriveLoginState('t', user(1, 'suspended'));
const admin = deriveLoginState('t', user(1, 'normal', 2));
const moderator = deriveLoginState('t', user(1, 'normal', 3));

describe('login state', () => {
  it('derives every state from the token and the user', () => {
    expect(anonymous).toMatchObject({ isLogged: false, isActivated: false, isNormal: false });
    expect(inactive).toMatchObject({ isLogged: true, isNotActivated: true, isActivated: false });
    expect(suspended).toMatchObject({ isForbidden: true, isNormal: false, isAdmin: false });
    expect(admin).toMatchObject({ isNormal: true, isAdmin: true, isModerator: false });
    expect(moderator).toMatchObject({ isModerator: true, isAdmin: false });
  });
});

describe('guards', () => {
  it('send unwelcome visitors of a screen to login, home, activation or the suspended page', () => {
    expect(guards.logged(context(anonymous))).toEqual({ ok: false, redirect: '/users/login', saveTarget: true });
    expect(guards.notLogged(context(activated))).toEqual({ ok: false, redirect: '/' });
    expect(guards.notActivated(context(activated))).toEqual({ ok: false, redirect: '/' });
    expect(guards.notActivated(context(inactive))).toEqual({ ok: true });
    expect(guards.activated(context(inactive))).toEqual({ ok: false, redirect: '/users/login?status=inactive' });
    expect(guards.notForbidden(context(suspended))).toEqual({ ok: false, redirect: '/users/account-suspended' });
    expect(guards.forbidden(context(activated))).toEqual({ ok: false, redirect: '/' });
    expect(guards.forbidden(context(suspended))).toEqual({ ok: true });
  });

  it('show 403 to those who are not admins or moderators', () => {
    expect(guards.admin(context(moderator))).toEqual({ ok: false, error: '403' });
    expect(guards.admin(context(admin))).toEqual({ ok: true });
    expect(guards.adminOrModerator(context(moderator))).toEqual({ ok: true });
    expect(guards.adminOrModerator(context(activated))).toEqual({ ok: false, error: '403' });
    expect(guards.admin(context(anonymous))).toMatchObject({ redirect: '/users/login' });
    expect(editability({ code: 400, msg: 'no' })).toEqual({ ok: false, error: '403', message: 'no' });
  });

  it('close registration, follow a sign-up agent and the private-site rule', () => {
    const closed = { login: { allow_new_registrations: false } };
    expect(guards.allowNewRegistration(context(anonymous, closed))).toEqual({ ok: false, redirect: '/' });
    const agent = { enabled: true, agent_info: { sign_up_redirect_url: 'https://uc.example/sign-up' } };
    expect(guards.signUpAgent({ ...context(anonymous), agent })).toEqual({
      ok: false,
      redirect: 'https://uc.example/sign-up',
    });
    const privateSite = { site_security: { login_required: true } };
    expect(guards.privateSite(context(anonymous, privateSite))).toMatchObject({ redirect: '/users/login' });
    expect(guards.privateSite(context(activated, privateSite))).toEqual({ ok: true });
    expect(runGuards([guards.notLogged, guards.allowNewRegistration], context(anonymous, closed))).toEqual({
      ok: false,
      redirect: '/',
    });
  });

  it('exempt the account screens and the user center from the private-site rule', () => {
    for (const path of ['/users/login', '/users/register/', '/users/password-reset', '/user-center/auth']) {
      expect(isExemptPath(path)).toBe(true);
    }
    for (const path of ['/', '/questions', '/users', '/users/settings']) expect(isExemptPath(path)).toBe(false);
  });
});
