import type { ImportedMember } from '@agora/contracts/import/records';
import { renderMarkdown } from '@agora/platform';
import { attributes, dumpTime } from './row-attributes';

function profileImage(avatar: ImportedMember['avatar']): string | undefined {
  if (avatar.type === 'custom' && avatar.custom) return avatar.custom;
  if (avatar.type === 'gravatar' && avatar.gravatar) return avatar.gravatar;
  return undefined;
}

/** A member's Users.xml row: what a profile shows, its bio rendered; never an address or a password. */
export function memberRow(member: ImportedMember, number: number): string {
  return attributes([
    ['Id', number],
    ['Reputation', member.reputation],
    ['CreationDate', dumpTime(member.created_at)],
    ['DisplayName', member.display_name],
    ['LastAccessDate', dumpTime(member.last_login_at ?? member.created_at)],
    ['WebsiteUrl', member.website || undefined],
    ['Location', member.location || undefined],
    ['AboutMe', member.bio ? renderMarkdown(member.bio) : undefined],
    ['Views', 0],
    ['ProfileImageUrl', profileImage(member.avatar)],
  ]);
}
