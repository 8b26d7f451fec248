import type { RateLimits } from './rate-limits';

/** Gmail's domains: one mailbox, whatever dots its name is written with. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as its budget's key: trimmed, in lower case, without a `+tag` sub-address (which
 * most providers deliver to the same mailbox), and for Gmail without the dots it ignores.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * Account mails per recipient, whoever asks for them (docs/adr/0090-mail-per-recipient.md): the limits
 * `mail_recipient_hour` and `mail_recipient_day` of one mailbox, kept in identity's rate-limit table so that every
 * replica spends the same budget.
 */
export class RecipientBudget {
  constructor(private readonly limits: RateLimits) {}

  /** Counts one mail to the address; false, and no mail may go, once its hour's or its day's are spent. */
  take(email: string): Promise<boolean> {
    const mailbox = mailboxOf(email);
    return this.limits.take(['mail_recipient_hour', mailbox], ['mail_recipient_day', mailbox]);
  }

  /** Whether no mail may go to the address now: asked before work that ends in one (a registration). */
  async spent(email: string): Promise<boolean> {
    const mailbox = mailboxOf(email);
    return (
      (await this.limits.reached('mail_recipient_hour', mailbox)) ||
      (await this.limits.reached('mail_recipient_day', mailbox))
    );
  }
}
