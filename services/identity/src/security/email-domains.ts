import type { SiteSettings } from '@agora/contracts';

/**
 * Whether the site's login settings take an address at its domain (`allow_email_domains`; empty takes any):
 * for registration, external sign-ups and e-mail changes alike.
 */
export function emailDomainAllowed(login: SiteSettings['login'], email: string): boolean {
  const allowed = login.allow_email_domains;
  if (allowed.length === 0) return true;
  const domain = email.trim().split('@').pop()?.toLowerCase() ?? '';
  return allowed.some((d) => d.toLowerCase() === domain);
}
