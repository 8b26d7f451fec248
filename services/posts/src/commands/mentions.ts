import { type Db, extractMentions, linkMentions, renderMarkdown } from '@agora/platform';
import { membersNamed } from '../queries/members';

/** A comment's text rendered with its mentions as links to the users they name; only existing, undeleted users count. */
export async function renderMentions(db: Db, text: string): Promise<{ parsed: string; userIds: string[] }> {
  const rows = await membersNamed(db, extractMentions(text));
  const known = new Map(rows.map((r) => [r.username.toLowerCase(), r]));
  const linked = linkMentions(text, (name: string) => {
    const user = known.get(name.toLowerCase());
    return user ? { username: user.username, displayName: user.username } : undefined;
  });
  return { parsed: renderMarkdown(linked), userIds: rows.map((r) => r.user_id) };
}
