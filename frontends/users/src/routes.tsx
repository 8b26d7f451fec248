import { type Guard, guards } from '@agora/kit';
import type { ComponentType } from 'react';
import { AccountRecoveryPage } from './pages/account-recovery';
import { ActivationPage } from './pages/activation';
import { ActivationFailedPage, ActivationSuccessPage } from './pages/activation-result';
import { AuthLandingPage } from './pages/auth-landing';
import { ChangeEmailPage } from './pages/change-email';
import { ConfirmEmailPage } from './pages/confirm-email';
import { ConfirmNewEmailPage } from './pages/confirm-new-email';
import { LoginPage } from './pages/login';
import { PasswordResetPage } from './pages/password-reset';
import { RegisterPage } from './pages/register';
import { SuspendedPage } from './pages/suspended';
import { UserCenterAuthFailedPage, UserCenterAuthPage } from './pages/user-center';

export interface Screen {
  path: string;
  guards: Guard[];
  Page: ComponentType;
}

/** The account screens and their guards (spec §2, §4). */
export const SCREENS: Screen[] = [
  { path: '/users/login', guards: [guards.loginPage], Page: LoginPage },
  {
    path: '/users/register',
    guards: [guards.allowNewRegistration, guards.notLogged, guards.signUpAgent],
    Page: RegisterPage,
  },
  { path: '/users/account-recovery', guards: [guards.notLogged], Page: AccountRecoveryPage },
  { path: '/users/password-reset', guards: [], Page: PasswordResetPage },
  { path: '/users/change-email', guards: [guards.logged], Page: ChangeEmailPage },
  { path: '/users/account-activation', guards: [], Page: ActivationPage },
  { path: '/users/account-activation/success', guards: [guards.activated], Page: ActivationSuccessPage },
  { path: '/users/account-activation/failed', guards: [guards.notActivated], Page: ActivationFailedPage },
  { path: '/users/confirm-new-email', guards: [], Page: ConfirmNewEmailPage },
  { path: '/users/account-suspended', guards: [guards.forbidden], Page: SuspendedPage },
  { path: '/users/confirm-email', guards: [], Page: ConfirmEmailPage },
  { path: '/users/auth-landing', guards: [], Page: AuthLandingPage },
  { path: '/user-center/auth', guards: [guards.notLogged], Page: UserCenterAuthPage },
  { path: '/user-center/auth-failed', guards: [], Page: UserCenterAuthFailedPage },
];

export function screenFor(pathname: string): Screen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SCREENS.find((screen) => screen.path === path);
}
