/**
 * Paths an anonymous visitor may open on a private site: signing in and up, recovery,
 * activation, e-mail confirmation, the auth landing and the user center.
 */
const EXEMPT_PATHS = [
  '/users/login',
  '/users/register',
  '/users/account-recovery',
  '/users/change-email',
  '/users/password-reset',
  '/users/account-activation',
  '/users/account-activation/success',
  '/users/account-activation/failed',
  '/users/confirm-new-email',
  '/users/confirm-email',
  '/users/auth-landing',
  '/users/account-suspended',
];

export function isExemptPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return EXEMPT_PATHS.includes(path) || path.startsWith('/user-center/');
}
