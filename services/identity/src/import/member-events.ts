import { MailStatus } from '@agora/contracts';
import type { ImportedMember } from '@agora/contracts/import/records';
import { type ImportedEvent, renderMarkdown } from '@agora/platform';
import type { UserEvent } from '../domain/user/decider';

/** A suspension without an end, as the admin's permanent suspension writes it. */
export const SUSPENDED_FOR_EVER = '2099-12-31T23:59:59Z';

/** Where a member lands: its username and address after the clashes with other members (`member-clashes.ts`). */
export interface MemberPlacement {
  username: string;
  /** Empty when the source has none or another member holds it. */
  email: string;
}

/**
 * The avatar as identity keeps it: the source's `default` is the site's default, an empty type. A source keeps a
 * Gravatar as the whole URL of its day; Agora draws it from the member's address and the site's Gravatar base, the
 * same picture (Gravatar answers an MD5 and a SHA-256 of the address alike).
 */
export function avatarOf(member: ImportedMember): { type: string; gravatar: string; custom: string } {
  const { type, custom } = member.avatar;
  return { type: type === 'default' ? '' : type, gravatar: '', custom };
}

/** An address proven at the source is taken as proven; an inactive member, or one without an address, is not. */
export function mailStatusOf(member: ImportedMember, email: string): number {
  return member.status === 'inactive' || email === '' || member.placeholder
    ? MailStatus.inactive
    : MailStatus.activated;
}

/** The member's profile differs from an empty one. */
function hasProfile(member: ImportedMember): boolean {
  const avatar = avatarOf(member);
  return (
    member.bio !== '' ||
    member.website !== '' ||
    member.location !== '' ||
    avatar.type !== '' ||
    avatar.gravatar !== '' ||
    avatar.custom !== ''
  );
}

/** The latest time the record knows: acts the source keeps no time of (a suspension, a deletion) happened by then. */
function latestKnown(member: ImportedMember): string {
  const last = member.last_login_at;
  return last && Date.parse(last) > Date.parse(member.created_at) ? last : member.created_at;
}

type MemberEvent = ImportedEvent<UserEvent>;

/**
 * The events that bring an imported member to its state, in one fixed order on the member's own stream (versions
 * 1..n), so that the same record always makes the same events and writing it again writes nothing
 * (docs/adr/0094-importing-a-community.md): registered (role, address state, language and reputation as the source
 * has them), the profile, each external login, then a suspension or the deletion. The placeholder author is deleted:
 * it stands for members the source no longer has, and nobody signs in as it. No sessions are revoked: an imported
 * member has none. A sign-in's time is its own stream's (`lastLoginEvent`).
 */
export function memberEvents(member: ImportedMember, placement: MemberPlacement): MemberEvent[] {
  const userId = member.id;
  const actorId = null;
  const events: MemberEvent[] = [];
  const add = (event: UserEvent, occurredAt: string) =>
    events.push({
      streamId: userId,
      version: events.length + 1,
      type: event.type,
      data: event.data,
      occurredAt,
      actorId,
    });

  add(
    {
      type: 'identity.user_registered',
      data: {
        user_id: userId,
        username: placement.username,
        display_name: member.display_name,
        email: placement.email,
        role_id: member.role_id,
        mail_status: mailStatusOf(member, placement.email),
        language: member.language,
        rank: member.reputation,
        created_by: member.placeholder ? 'admin' : 'self',
      },
    },
    member.created_at,
  );
  if (hasProfile(member))
    add(
      {
        type: 'identity.profile_updated',
        data: {
          user_id: userId,
          username: placement.username,
          display_name: member.display_name,
          avatar: avatarOf(member),
          bio: member.bio,
          bio_html: renderMarkdown(member.bio),
          website: member.website,
          location: member.location,
        },
      },
      member.created_at,
    );
  for (const login of member.external_logins)
    add(
      {
        type: 'identity.external_login_linked',
        data: { user_id: userId, connector: login.provider, external_id: login.external_id, email: placement.email },
      },
      member.created_at,
    );
  const ended = latestKnown(member);
  if (member.placeholder || member.status === 'deleted')
    add({ type: 'identity.user_deleted', data: { user_id: userId, remove_all_content: false } }, ended);
  else if (member.status === 'suspended')
    add(
      {
        type: 'identity.user_suspended',
        data: { user_id: userId, until: member.suspended_until ?? SUSPENDED_FOR_EVER },
      },
      ended,
    );
  return events;
}

/**
 * The member's last sign-in at the source, as a sign-in's event on a stream of its own (one per member, version 1):
 * it sets the member's last sign-in time, and no session comes of it.
 */
export function lastLoginEvent(member: ImportedMember): ImportedEvent<UserEvent> | undefined {
  if (!member.last_login_at || member.placeholder) return undefined;
  return {
    streamId: `session-imported-${member.id}`,
    version: 1,
    type: 'identity.user_logged_in',
    data: { user_id: member.id, session_id: `imported-${member.id}` },
    occurredAt: member.last_login_at,
    actorId: member.id,
  };
}
