import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteSettings } from '@agora/contracts';
import type { AgoraConfig } from '@agora/platform';
import type { Mail } from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';

type Address = { name: string; address: string };

/** Where mail goes right now; decided before every pass, so a settings change applies to queued mail. */
export type MailRoute =
  | {
      kind: 'smtp';
      /** `site`: the admin's SMTP settings; `config`: AGORA_SMTP_URL. */
      source: 'site' | 'config';
      options: SMTPTransportOptions;
      from: string | Address;
      description: string;
    }
  | { kind: 'file'; dir: string; from: string; description: string };

export type MailConfig = Pick<AgoraConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** Bounds every SMTP conversation, so a server that hangs delays its own mail and nothing else. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function mailDirectory(config: Pick<AgoraConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'mail');
}

/**
 * The site's SMTP settings when they name a host; else AGORA_SMTP_URL; else `.eml` files under
 * `${dataDir}/mail/` (DESIGN §4 "mail").
 */
export function resolveMailRoute(smtp: SiteSettings['smtp'] | undefined, config: MailConfig): MailRoute {
  if (smtp?.smtp_host.trim()) {
    const host = smtp.smtp_host.trim();
    const options: SMTPTransportOptions = {
      host,
      port: smtp.smtp_port,
      // SSL: TLS from the first byte (465); TLS: STARTTLS, refusing to go on without it; '': plain.
      secure: smtp.encryption === 'SSL',
      requireTLS: smtp.encryption === 'TLS',
      ignoreTLS: smtp.encryption === '',
      ...SMTP_TIMEOUTS,
      ...(smtp.smtp_authentication ? { auth: { user: smtp.smtp_username, pass: smtp.smtp_password } } : {}),
    };
    const address = smtp.from_email.trim();
    const from = address ? { name: smtp.from_name.trim(), address } : config.mailFrom;
    const encryption = smtp.encryption || 'no encryption';
    return {
      kind: 'smtp',
      source: 'site',
      options,
      from,
      description: `site SMTP settings (${host}:${smtp.smtp_port}, ${encryption})`,
    };
  }
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    return {
      kind: 'smtp',
      source: 'config',
      options: { url: config.smtpUrl, ...SMTP_TIMEOUTS },
      from: config.mailFrom,
      // Never the credentials of the URL.
      description: `AGORA_SMTP_URL (${url.protocol}//${url.host})`,
    };
  }
  const dir = mailDirectory(config);
  return { kind: 'file', dir, from: config.mailFrom, description: `no SMTP configured: mail is written to ${dir}` };
}

export interface OutgoingMail {
  mailId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** nodemailer loads with the first mail sent: a process that sends none never holds it. */
const loadNodemailer = async () => (await import('nodemailer')).default;

/** Sends through a route, keeping one transporter per distinct SMTP setting. */
export class MailSender {
  private smtp: { key: string; transporter: Mail } | null = null;
  private files: Mail | null = null;

  async send(route: MailRoute, mail: OutgoingMail): Promise<{ messageId: string; file?: string }> {
    const message = { from: route.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
    const nodemailer = await loadNodemailer();
    if (route.kind === 'file') {
      this.files ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
      const info = await this.files.sendMail(message);
      const file = await writeEml(route.dir, mail.mailId, info.message as Buffer);
      return { messageId: info.messageId, file };
    }
    const info = await this.transporter(nodemailer, route.options).sendMail(message);
    return { messageId: info.messageId };
  }

  private transporter(nodemailer: Awaited<ReturnType<typeof loadNodemailer>>, options: SMTPTransportOptions): Mail {
    const key = JSON.stringify(options);
    if (this.smtp?.key !== key) {
      this.smtp?.transporter.close();
      this.smtp = { key, transporter: nodemailer.createTransport(options) };
    }
    return this.smtp.transporter;
  }

  close(): void {
    this.smtp?.transporter.close();
    this.smtp = null;
    this.files?.close();
    this.files = null;
  }
}

/** One RFC 822 message per file, written whole (rename) so a reader never sees half of one. */
async function writeEml(dir: string, mailId: string, raw: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${mailId}.eml`);
  const partial = `${file}.partial`;
  await writeFile(partial, raw);
  await rename(partial, file);
  return file;
}
