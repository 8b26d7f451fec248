import { Limits } from '@agora/contracts';
import type { ImportedMember } from '@agora/contracts/import/records';
import type { Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { MemberPlacement } from './member-events';

/** What became of a member's username, address or external logins because another member holds them. */
export type ClashNote =
  | 'username taken: renamed'
  | 'e-mail held by another member: imported without it'
  | 'external login held by another member: not linked';

export interface PlacedMember {
  member: ImportedMember;
  placement: MemberPlacement;
  /** The external logins it keeps: one per provider, none another member holds. */
  logins: ImportedMember['external_logins'];
  notes: ClashNote[];
}

/** What other members (already stored, or earlier in the batch) hold. */
export interface HeldByOthers {
  /** Lower-cased usernames, with their member. */
  usernames: Map<string, string>;
  /** Lower-cased addresses of live members, with their member. */
  emails: Map<string, string>;
  /** `connector\u0000external_id`, with their member. */
  logins: Map<string, string>;
}

const loginKey = (connector: string, externalId: string) => `${connector}\u0000${externalId}`;
const BASE_LENGTH = Limits.user.usernameMaxLength - '-99999'.length;

function freeUsername(member: ImportedMember, held: Map<string, string>): string {
  const wanted = member.username;
  const owner = held.get(wanted.toLowerCase());
  if (owner === undefined || owner === member.id) return wanted;
  for (let n = 2; ; n++) {
    const candidate = `${wanted.slice(0, BASE_LENGTH)}-${n}`;
    const holder = held.get(candidate.toLowerCase());
    if (holder === undefined || holder === member.id) return candidate;
  }
}

/**
 * Places a batch's members among the members there are (pure: `held` is what the store holds, and what each member
 * of the batch takes is added to it in the batch's order). A username another member holds becomes `<name>-<n>`,
 * the first free n from 2; an address a live member holds is left out (the member signs in once an admin gives it
 * one); an external login another member holds, or a second one of a provider, is not linked.
 */
export function placeMembers(members: ImportedMember[], held: HeldByOthers): PlacedMember[] {
  return members.map((member) => {
    const notes: ClashNote[] = [];
    const username = freeUsername(member, held.usernames);
    if (username !== member.username) notes.push('username taken: renamed');
    held.usernames.set(username.toLowerCase(), member.id);

    let email = member.placeholder ? '' : member.email.trim();
    const emailKey = email.toLowerCase();
    const holder = emailKey === '' ? undefined : held.emails.get(emailKey);
    if (holder !== undefined && holder !== member.id) {
      email = '';
      notes.push('e-mail held by another member: imported without it');
    }
    const live = member.status !== 'deleted' && !member.placeholder;
    if (email !== '' && live) held.emails.set(emailKey, member.id);

    const providers = new Set<string>();
    const logins = member.external_logins.filter((login) => {
      const key = loginKey(login.provider, login.external_id);
      const owner = held.logins.get(key);
      if (providers.has(login.provider) || (owner !== undefined && owner !== member.id)) {
        notes.push('external login held by another member: not linked');
        return false;
      }
      providers.add(login.provider);
      held.logins.set(key, member.id);
      return true;
    });
    return { member, placement: { username, email }, logins, notes };
  });
}

/** What the stored members hold of the names, addresses and logins a batch asks for. */
export async function heldByStored(tx: Tx, members: ImportedMember[]): Promise<HeldByOthers> {
  const usernames = members.map((m) => m.username.toLowerCase());
  const emails = members.map((m) => m.email.trim().toLowerCase()).filter((e) => e !== '');
  const connectors = members.flatMap((m) => m.external_logins.map((l) => l.provider));
  const externalIds = members.flatMap((m) => m.external_logins.map((l) => l.external_id));
  // A renamed member's `<name>-<n>` is looked for among names that start like it.
  const { rows: named } = await sql<{ user_id: string; username: string }>`
    select user_id, username from users
    where lower(username) = any(${usernames}::text[])
       or lower(username) like any(select n || '-%' from unnest(${usernames}::text[]) n)`.execute(tx);
  const { rows: mailed } = await sql<{ user_id: string; email: string }>`
    select user_id, email from users
    where lower(email) = any(${emails}::text[]) and status <> 'deleted' and email <> ''`.execute(tx);
  const { rows: linked } = await sql<{ user_id: string; connector: string; external_id: string }>`
    select user_id, connector, external_id from external_logins
    where (connector, external_id) in (select * from unnest(${connectors}::text[], ${externalIds}::text[]))`.execute(
    tx,
  );
  return {
    usernames: new Map(named.map((r) => [r.username.toLowerCase(), r.user_id])),
    emails: new Map(mailed.map((r) => [r.email.toLowerCase(), r.user_id])),
    logins: new Map(linked.map((r) => [loginKey(r.connector, r.external_id), r.user_id])),
  };
}
