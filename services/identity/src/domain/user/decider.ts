import type {
  AccountEmailRequested,
  EmailChanged,
  EventOf,
  ExternalLoginLinked,
  ExternalLoginUnlinked,
  InterfaceChanged,
  PasswordChanged,
  ProfileUpdated,
  RoleChanged,
  SessionsRevoked,
  UserActivated,
  UserDeactivated,
  UserDeleted,
  UserLoggedIn,
  UserPurged,
  UserRegistered,
  UserReinstated,
  UserSuspended,
} from '@agora/contracts';
import { MailStatus, Role } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type UserEvent =
  | EventOf<typeof UserRegistered>
  | EventOf<typeof UserActivated>
  | EventOf<typeof UserDeactivated>
  | EventOf<typeof ProfileUpdated>
  | EventOf<typeof InterfaceChanged>
  | EventOf<typeof PasswordChanged>
  | EventOf<typeof EmailChanged>
  | EventOf<typeof RoleChanged>
  | EventOf<typeof UserSuspended>
  | EventOf<typeof UserReinstated>
  | EventOf<typeof UserDeleted>
  | EventOf<typeof UserPurged>
  | EventOf<typeof UserLoggedIn>
  | EventOf<typeof SessionsRevoked>
  | EventOf<typeof AccountEmailRequested>
  | EventOf<typeof ExternalLoginLinked>
  | EventOf<typeof ExternalLoginUnlinked>;

export interface UserState {
  userId: string | null;
  status: 'normal' | 'suspended' | 'deleted';
  /** Hard-deleted by an admin after it was deleted: nothing of it is kept outside its stream's ids. */
  purged: boolean;
  mailStatus: number;
  roleId: number;
  email: string;
  displayName: string;
  language: string;
  suspendedUntil: string | null;
}

type Registration = Omit<EventOf<typeof UserRegistered>['data'], never>;

export type UserCommand =
  | {
      type: 'register';
      registration: Registration;
      /** A provider's account bound as the account is made (a sign-up through an external login). */
      externalLogin?: { connector: string; externalId: string };
    }
  | { type: 'activate' }
  | { type: 'deactivate' }
  | { type: 'update_profile'; profile: Omit<EventOf<typeof ProfileUpdated>['data'], 'user_id'> }
  | { type: 'change_interface'; language: string; colorScheme: string; timeZone?: string }
  | { type: 'change_password'; by: 'self' | 'admin' | 'reset' }
  | {
      type: 'request_account_email';
      kind: 'activation' | 'password_reset' | 'email_change';
      email: string;
      code: string;
      expiresAt: string;
    }
  | { type: 'change_email'; email: string }
  | { type: 'change_role'; roleId: number }
  | { type: 'suspend'; until: string }
  | { type: 'reinstate' }
  | { type: 'delete'; removeAllContent: boolean }
  /** The admin's permanent delete of a deleted account. */
  | { type: 'purge'; actorId: string }
  | { type: 'link_external'; connector: string; externalId: string; email: string }
  | { type: 'unlink_external'; connector: string; externalId: string };

const initialState = (): UserState => ({
  userId: null,
  status: 'normal',
  purged: false,
  mailStatus: MailStatus.inactive,
  roleId: Role.user,
  email: '',
  displayName: '',
  language: 'en_US',
  suspendedUntil: null,
});

function revokeAll(userId: string, reason: string): UserEvent {
  return { type: 'identity.sessions_revoked', data: { user_id: userId, session_id: null, reason } };
}

/**
 * Whether an account may start a session now: not deleted, and not suspended (a suspension that has
 * run out no longer stops anyone). Sessions are their own streams, so logins never grow the user's.
 */
export function sessionRefusal(user: { status: string; suspended_until: Date | null }, now: Date) {
  if (user.status === 'deleted') return errors.notFound('error.user.not_found');
  if (user.status === 'suspended' && user.suspended_until && user.suspended_until > now)
    return errors.forbidden('suspended');
  return undefined;
}

/** One account's life. Refusals are API errors; saving what is already so records nothing. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState,

  evolve(state, event) {
    switch (event.type) {
      case 'identity.user_registered':
        return {
          ...state,
          userId: event.data.user_id,
          email: event.data.email,
          displayName: event.data.display_name,
          roleId: event.data.role_id,
          mailStatus: event.data.mail_status,
          language: event.data.language,
        };
      case 'identity.user_activated':
        return { ...state, mailStatus: MailStatus.activated };
      case 'identity.user_deactivated':
        return { ...state, mailStatus: MailStatus.inactive };
      case 'identity.profile_updated':
        return { ...state, displayName: event.data.display_name };
      case 'identity.interface_changed':
        return { ...state, language: event.data.language };
      case 'identity.email_changed':
        return { ...state, email: event.data.email };
      case 'identity.role_changed':
        return { ...state, roleId: event.data.role_id };
      case 'identity.user_suspended':
        return { ...state, status: 'suspended', suspendedUntil: event.data.until };
      case 'identity.user_reinstated':
        return { ...state, status: 'normal', suspendedUntil: null };
      case 'identity.user_deleted':
        return { ...state, status: 'deleted' };
      case 'identity.user_purged':
        return { ...state, purged: true };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'register') {
      if (state.userId) throw errors.business('error.user.already_exists', 'error.user.already_exists');
      const registered: UserEvent = { type: 'identity.user_registered', data: command.registration };
      if (!command.externalLogin) return [registered];
      const { user_id, email } = command.registration;
      const { connector, externalId } = command.externalLogin;
      return [
        registered,
        { type: 'identity.external_login_linked', data: { user_id, connector, external_id: externalId, email } },
      ];
    }
    const userId = state.userId;
    if (!userId) throw errors.notFound('error.user.not_found');
    // Only a deleted account is purged, once; asked of any other, nothing happens.
    if (command.type === 'purge') {
      return state.status === 'deleted' && !state.purged
        ? [{ type: 'identity.user_purged', data: { user_id: userId, actor_id: command.actorId } }]
        : [];
    }
    // A deleted account is immutable.
    if (state.status === 'deleted') throw errors.notFound('error.user.not_found');
    switch (command.type) {
      case 'activate':
        return state.mailStatus === MailStatus.activated
          ? []
          : [{ type: 'identity.user_activated', data: { user_id: userId } }];
      case 'deactivate':
        return state.mailStatus === MailStatus.inactive
          ? []
          : [{ type: 'identity.user_deactivated', data: { user_id: userId } }];
      case 'update_profile':
        return [{ type: 'identity.profile_updated', data: { user_id: userId, ...command.profile } }];
      case 'change_interface':
        return [
          {
            type: 'identity.interface_changed',
            data: {
              user_id: userId,
              language: command.language,
              color_scheme: command.colorScheme,
              ...(command.timeZone === undefined ? {} : { time_zone: command.timeZone }),
            },
          },
        ];
      case 'change_password':
        return [
          { type: 'identity.password_changed', data: { user_id: userId, by: command.by } },
          revokeAll(userId, 'password_changed'),
        ];
      case 'request_account_email':
        return [
          {
            type: 'identity.account_email_requested',
            data: {
              user_id: userId,
              kind: command.kind,
              email: command.email,
              language: state.language,
              display_name: state.displayName,
              code: command.code,
              expires_at: command.expiresAt,
            },
          },
        ];
      case 'change_email':
        return state.email === command.email
          ? []
          : [{ type: 'identity.email_changed', data: { user_id: userId, email: command.email } }];
      case 'change_role':
        if (state.roleId === command.roleId) return [];
        return [
          {
            type: 'identity.role_changed',
            data: { user_id: userId, role_id: command.roleId, previous_role_id: state.roleId },
          },
          revokeAll(userId, 'role_changed'),
        ];
      case 'suspend':
        return [
          { type: 'identity.user_suspended', data: { user_id: userId, until: command.until } },
          revokeAll(userId, 'suspended'),
        ];
      case 'reinstate': {
        const events: UserEvent[] = [];
        if (state.status === 'suspended') events.push({ type: 'identity.user_reinstated', data: { user_id: userId } });
        if (state.mailStatus !== MailStatus.activated)
          events.push({ type: 'identity.user_activated', data: { user_id: userId } });
        return events;
      }
      case 'link_external':
        return [
          {
            type: 'identity.external_login_linked',
            data: {
              user_id: userId,
              connector: command.connector,
              external_id: command.externalId,
              email: command.email,
            },
          },
        ];
      case 'unlink_external':
        return [
          {
            type: 'identity.external_login_unlinked',
            data: { user_id: userId, connector: command.connector, external_id: command.externalId },
          },
        ];
      case 'delete':
        return [
          { type: 'identity.user_deleted', data: { user_id: userId, remove_all_content: command.removeAllContent } },
          revokeAll(userId, 'deleted'),
        ];
    }
  },
};
