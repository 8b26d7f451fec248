import { guards, type Route, route } from '@agora/kit';
import { lazy } from 'react';
import { AccountRecoveryPage } from './pages/account-recovery';
import { ActivationPage } from './pages/activation';
import { ActivationFailedPage, ActivationSuccessPage } from './pages/activation-result';
import { AuthLandingPage } from './pages/auth-landing';
import { ChangeEmailPage } from './pages/change-email';
import { ConfirmEmailPage } from './pages/confirm-email';
import { ConfirmNewEmailPage } from './pages/confirm-new-email';
import { PrivacyPage, TermsPage } from './pages/legal';
import { LoginPage } from './pages/login';
import { PasswordResetPage } from './pages/password-reset';
import { RegisterPage } from './pages/register';
import { SuspendedPage } from './pages/suspended';
import { UnsubscribePage } from './pages/unsubscribe';
import { UserCenterAuthFailedPage, UserCenterAuthPage } from './pages/user-center';

// The badge screens load when first opened.
const BadgesPage = lazy(() => import('./pages/badges').then((m) => ({ default: m.BadgesPage })));
const BadgeDetailPage = lazy(() => import('./pages/badge-detail').then((m) => ({ default: m.BadgeDetailPage })));
const MemberBadgesPage = lazy(() => import('./pages/member-badges').then((m) => ({ default: m.MemberBadgesPage })));
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const NotificationsPage = lazy(() =>
  import('./notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const UsersPage = lazy(() => import('./user-list/users-page').then((m) => ({ default: m.UsersPage })));
// The profile loads when first opened.
const ProfilePage = lazy(() => import('./profile/profile-page').then((m) => ({ default: m.ProfilePage })));

/** The account screens, the badge screens, and their guards (DESIGN §7, "Routes"). */
export const ROUTE_TABLE: readonly Route[] = [
  route('/users/login', { guards: [guards.loginPage], Page: LoginPage }),
  route('/users/register', {
    guards: [guards.allowNewRegistration, guards.notLogged, guards.signUpAgent],
    Page: RegisterPage,
  }),
  route('/users/account-recovery', { guards: [guards.notLogged], Page: AccountRecoveryPage }),
  route('/users/password-reset', { guards: [], Page: PasswordResetPage }),
  route('/users/change-email', { guards: [guards.logged], Page: ChangeEmailPage }),
  route('/users/account-activation', { guards: [], Page: ActivationPage }),
  route('/users/account-activation/success', { guards: [guards.activated], Page: ActivationSuccessPage }),
  route('/users/account-activation/failed', { guards: [guards.notActivated], Page: ActivationFailedPage }),
  route('/users/confirm-new-email', { guards: [], Page: ConfirmNewEmailPage }),
  route('/users/account-suspended', { guards: [guards.forbidden], Page: SuspendedPage }),
  route('/users/confirm-email', { guards: [], Page: ConfirmEmailPage }),
  route('/users/auth-landing', { guards: [], Page: AuthLandingPage }),
  route('/user-center/auth', { guards: [guards.notLogged], Page: UserCenterAuthPage }),
  route('/user-center/auth-failed', { guards: [], Page: UserCenterAuthFailedPage }),
  route('/badges', { guards: [], Page: BadgesPage }),
  route('/badges/:badgeId', { key: (p) => `badge-${p.badgeId}`, guards: [], Page: BadgeDetailPage }),
  route('/users/:username/badges', { key: (p) => `badges-${p.username}`, guards: [], Page: MemberBadgesPage }),
  route('/users', { guards: [], Page: UsersPage }),
  route('/users/unsubscribe', { guards: [], Page: UnsubscribePage }),
  route('/tos', { guards: [], Page: TermsPage }),
  route('/privacy', { guards: [], Page: PrivacyPage }),
  route('/users/settings/:section?', {
    key: () => 'settings',
    guards: [guards.logged, guards.notForbidden],
    Page: SettingsPage,
  }),
  route('/users/notifications/:type?/:subType?', {
    key: () => 'notifications',
    guards: [guards.logged, guards.notForbidden],
    Page: NotificationsPage,
  }),
  // Last: every fixed /users/… path above is not a username.
  route('/users/:username/:tab?', { key: (p) => `profile-${p.username}`, guards: [], Page: ProfilePage }),
];
