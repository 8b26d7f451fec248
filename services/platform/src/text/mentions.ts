import { scanMentions } from './mention-scanner';

/** The users mentioned as `@name`, lower-cased, each once, in order of first mention. */
export function extractMentions(source: string): string[] {
  return [...new Set(scanMentions(source).map((mention) => mention.username.toLowerCase()))];
}

export interface MentionedUser {
  username: string;
  /** Not used in the link, which names the user by username as the client does. */
  displayName?: string;
}

/**
 * Turns each mention of a known user into `[@name](/users/name)`, as the client sends comments
 * (spec: "Comments are sent with mentions extracted and text turned into links"). `resolve` gets the
 * lower-cased handle; unknown handles and mentions already inside a link stay as they are.
 */
export function linkMentions(source: string, resolve: (username: string) => MentionedUser | undefined): string {
  let linked = '';
  let copied = 0;
  for (const mention of scanMentions(source)) {
    if (mention.inLink) continue;
    const user = resolve(mention.username.toLowerCase());
    if (!user) continue;
    const label = user.username.replace(/[\\`*_[\]<>]/g, '\\$&');
    linked += `${source.slice(copied, mention.start)}[@${label}](/users/${encodeURIComponent(user.username)})`;
    copied = mention.end;
  }
  return linked + source.slice(copied);
}
