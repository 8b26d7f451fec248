import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const UserId = Type.String({ minLength: 1 });
const Avatar = Type.Object({
  type: Type.String(),
  gravatar: Type.String(),
  custom: Type.String(),
});

/**
 * Identity's facts about users, sessions and keys. Secrets never travel: password hashes stay in
 * identity's own table; link codes travel only in `account_email_requested`, to be mailed — they are
 * single-use, expire after minutes, and only the latest of each kind is honoured.
 */
export const UserRegistered = defineEvent(
  'identity.user_registered',
  Type.Object({
    user_id: UserId,
    username: Type.String(),
    display_name: Type.String(),
    email: Type.String(),
    role_id: Type.Integer(),
    mail_status: Type.Integer(),
    language: Type.String(),
    rank: Type.Integer(),
    created_by: Type.Union([Type.Literal('self'), Type.Literal('admin'), Type.Literal('installer')]),
  }),
);

export const UserActivated = defineEvent('identity.user_activated', Type.Object({ user_id: UserId }));
export const UserDeactivated = defineEvent('identity.user_deactivated', Type.Object({ user_id: UserId }));

export const ProfileUpdated = defineEvent(
  'identity.profile_updated',
  Type.Object({
    user_id: UserId,
    username: Type.String(),
    display_name: Type.String(),
    avatar: Avatar,
    bio: Type.String(),
    bio_html: Type.String(),
    website: Type.String(),
    location: Type.String(),
  }),
);

export const InterfaceChanged = defineEvent(
  'identity.interface_changed',
  Type.Object({
    user_id: UserId,
    language: Type.String(),
    color_scheme: Type.String(),
    /** The member's own time zone ('' for the site's); absent when the change leaves it as it was. */
    time_zone: Type.Optional(Type.String()),
  }),
);

export const PasswordChanged = defineEvent(
  'identity.password_changed',
  Type.Object({
    user_id: UserId,
    by: Type.Union([Type.Literal('self'), Type.Literal('admin'), Type.Literal('reset')]),
  }),
);

export const EmailChanged = defineEvent(
  'identity.email_changed',
  Type.Object({ user_id: UserId, email: Type.String() }),
);

export const RoleChanged = defineEvent(
  'identity.role_changed',
  Type.Object({ user_id: UserId, role_id: Type.Integer(), previous_role_id: Type.Integer() }),
);

export const UserSuspended = defineEvent(
  'identity.user_suspended',
  Type.Object({
    user_id: UserId,
    until: Type.String({ description: 'ISO time; 2099-12-31T23:59:59Z means for ever' }),
  }),
);

export const UserReinstated = defineEvent('identity.user_reinstated', Type.Object({ user_id: UserId }));

export const UserDeleted = defineEvent(
  'identity.user_deleted',
  Type.Object({ user_id: UserId, remove_all_content: Type.Boolean() }),
);

/**
 * A soft-deleted user hard-deleted by an admin (the permanent delete): every service drops what it keeps of
 * them, and identity's event store keeps only ids, types and times of their stream
 * (docs/adr/0078-purging-in-an-event-sourced-system.md). Their posts that were kept show a deleted member's card.
 */
export const UserPurged = defineEvent('identity.user_purged', Type.Object({ user_id: UserId, actor_id: UserId }));

export const UserLoggedIn = defineEvent(
  'identity.user_logged_in',
  Type.Object({ user_id: UserId, session_id: Type.String() }),
);

/** `session_id` null: every session of the user issued before this event. */
export const SessionsRevoked = defineEvent(
  'identity.sessions_revoked',
  Type.Object({
    user_id: UserId,
    session_id: Type.Union([Type.String(), Type.Null()]),
    reason: Type.String(),
  }),
);

export const AccountEmailRequested = defineEvent(
  'identity.account_email_requested',
  Type.Object({
    user_id: UserId,
    kind: Type.Union([Type.Literal('activation'), Type.Literal('password_reset'), Type.Literal('email_change')]),
    email: Type.String(),
    language: Type.String(),
    display_name: Type.String(),
    code: Type.String(),
    expires_at: Type.String(),
  }),
);

/** The stream identity appends every `SigningKeyPublished` to: a service waiting for a new key waits on it alone. */
export const SIGNING_KEYS_STREAM = 'signing-keys';

export const SigningKeyPublished = defineEvent(
  'identity.signing_key_published',
  Type.Object({ kid: Type.String(), algorithm: Type.String(), public_key: Type.String() }),
);

/** The admin's settings of an external login; its client secret stays in identity's own table. */
export const ConnectorConfigured = defineEvent(
  'identity.connector_configured',
  Type.Object({
    name: Type.String({ minLength: 1 }),
    kind: Type.String(),
    enabled: Type.Boolean(),
    issuer: Type.String(),
    authorization_url: Type.String(),
    token_url: Type.String(),
    api_url: Type.String(),
    client_id: Type.String(),
    scopes: Type.String(),
    button_label: Type.String(),
    icon: Type.String(),
  }),
);

/** A provider's account bound to a member (never its tokens). */
export const ExternalLoginLinked = defineEvent(
  'identity.external_login_linked',
  Type.Object({ user_id: UserId, connector: Type.String(), external_id: Type.String(), email: Type.String() }),
);

export const ExternalLoginUnlinked = defineEvent(
  'identity.external_login_unlinked',
  Type.Object({ user_id: UserId, connector: Type.String(), external_id: Type.String() }),
);

export const IdentityEvents = [
  UserRegistered,
  UserActivated,
  UserDeactivated,
  ProfileUpdated,
  InterfaceChanged,
  PasswordChanged,
  EmailChanged,
  RoleChanged,
  UserSuspended,
  UserReinstated,
  UserDeleted,
  UserPurged,
  UserLoggedIn,
  SessionsRevoked,
  AccountEmailRequested,
  SigningKeyPublished,
  ConnectorConfigured,
  ExternalLoginLinked,
  ExternalLoginUnlinked,
];
