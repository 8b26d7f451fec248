import type { AgentInfo, SiteInfo } from '../api/wire';
import type { LoginState } from '../session/login-state';

/** What a guard decides: pass, go elsewhere, or show an error page in place. */
export type GuardResult =
  | { ok: true }
  | { ok: false; redirect: string; saveTarget?: boolean }
  | { ok: false; error: '403' | '404' | '50X'; message?: string };

export interface GuardContext {
  state: LoginState;
  /** Site settings from `siteinfo`, as far as the guards read them. */
  site: {
    login?: Partial<Pick<SiteInfo['login'], 'allow_new_registrations'>>;
    site_security?: Partial<Pick<SiteInfo['site_security'], 'login_required'>>;
  } | null;
  /** The user-center agent, when one is enabled (`user-center/agent`). */
  agent?: {
    enabled: boolean;
    agent_info?: Partial<Pick<AgentInfo, 'login_redirect_url' | 'sign_up_redirect_url'>>;
  } | null;
  pathname: string;
}

export type Guard = (context: GuardContext) => GuardResult;

const OK: GuardResult = { ok: true };
const HOME = '/';
const LOGIN = '/users/login';

/** logged-only, else login (the current page is saved as the target). */
const logged: Guard = ({ state }) => (state.isLogged ? OK : { ok: false, redirect: LOGIN, saveTarget: true });

export const guards = {
  logged,
  /** not-logged-only, else home. */
  notLogged: ({ state }) => (state.isLogged ? { ok: false, redirect: HOME } : OK),
  /** not-activated-only, else home (an anonymous visitor is not an activated user). */
  notActivated: ({ state }) => (state.isActivated ? { ok: false, redirect: HOME } : OK),
  /** activated-required, else the inactive page. */
  activated: (context) => {
    const first = logged(context);
    if (!first.ok) return first;
    return context.state.isActivated ? OK : { ok: false, redirect: '/users/login?status=inactive' };
  },
  /** not-suspended, else the suspended page. */
  notForbidden: ({ state }) => (state.isForbidden ? { ok: false, redirect: '/users/account-suspended' } : OK),
  /**
   * The suspended page is only for suspended users: a signed-in user who is not suspended goes home. A
   * suspended account has no session (login answers 403 suspended and sends the visitor here).
   */
  forbidden: ({ state }) => (state.isLogged && !state.isForbidden ? { ok: false, redirect: HOME } : OK),
  /** admin, else 403. */
  admin: (context) => {
    const first = logged(context);
    if (!first.ok) return first;
    return context.state.isAdmin ? OK : { ok: false, error: '403' };
  },
  /** admin-or-moderator, else 403. */
  adminOrModerator: (context) => {
    const first = logged(context);
    if (!first.ok) return first;
    return context.state.isAdmin || context.state.isModerator ? OK : { ok: false, error: '403' };
  },
  /** registration-allowed, else home. */
  allowNewRegistration: ({ site }) =>
    site?.login?.allow_new_registrations === false ? { ok: false, redirect: HOME } : OK,
  /** sign-up agent: an enabled user center signs people up on its own page. */
  signUpAgent: ({ agent }) => {
    const url = agent?.enabled ? agent.agent_info?.sign_up_redirect_url : undefined;
    return url ? { ok: false, redirect: url } : OK;
  },
  /** The login page: for those not logged in, or logged in but not activated. */
  loginPage: (context) => {
    if (!context.state.isLogged) {
      const url = context.agent?.enabled ? context.agent.agent_info?.login_redirect_url : undefined;
      return url ? { ok: false, redirect: url } : OK;
    }
    return context.state.isNotActivated ? OK : { ok: false, redirect: HOME };
  },
  /** A private site sends anonymous visitors of non-exempt paths to login, saving the target. */
  privateSite: ({ site, state }) => {
    return site?.site_security?.login_required && !state.isLogged
      ? { ok: false, redirect: LOGIN, saveTarget: true }
      : OK;
  },
} satisfies Record<string, Guard>;

/**
 * editability: a loader answering code 400 gives 403 with its message.
 */
export function editability(loaded: { code: number; msg?: string }): GuardResult {
  return loaded.code === 400 ? { ok: false, error: '403', message: loaded.msg } : OK;
}

/** Runs guards in order; the first failure wins. */
export function runGuards(list: Guard[], context: GuardContext): GuardResult {
  for (const guard of list) {
    const result = guard(context);
    if (!result.ok) return result;
  }
  return OK;
}
