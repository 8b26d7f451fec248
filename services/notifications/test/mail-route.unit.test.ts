import { defaultSiteSettings, type SiteSettings } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { resolveMailRoute } from '../src/mail/transport';
import { retryDelayMs } from '../src/mail/worker';

const config = { smtpUrl: undefined, mailFrom: 'Agora <no-reply@localhost>', dataDir: '/data' };
const smtp = (overrides: Partial<SiteSettings['smtp']> = {}): SiteSettings['smtp'] => ({
  ...defaultSiteSettings().smtp,
  from_email: 'mailer@example.com',
  from_name: 'Agora Mailer',
  smtp_host: 'smtp.example.com',
  smtp_port: 465,
  smtp_username: 'user',
  smtp_password: 'secret',
  ...overrides,
});

describe('mail route', () => {
  it('uses the site SMTP settings when they name a host: SSL is TLS from the start, with auth', () => {
    const route = resolveMailRoute(smtp({ encryption: 'SSL' }), { ...config, smtpUrl: 'smtp://other:25' });
    expect(route.kind).toBe('smtp');
    if (route.kind !== 'smtp') return;
    expect(route.source).toBe('site');
    expect(route.options).toMatchObject({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: 'user', pass: 'secret' },
    });
    expect(route.from).toEqual({ name: 'Agora Mailer', address: 'mailer@example.com' });
    expect(route.description).not.toContain('secret');
  });

  it('TLS means STARTTLS required; no encryption means plain; no auth unless asked for', () => {
    const tls = resolveMailRoute(smtp({ encryption: 'TLS', smtp_port: 587 }), config);
    expect(tls.kind === 'smtp' && tls.options).toMatchObject({ secure: false, requireTLS: true, ignoreTLS: false });
    const plain = resolveMailRoute(smtp({ encryption: '', smtp_authentication: false }), config);
    expect(plain.kind === 'smtp' && plain.options).toMatchObject({ secure: false, requireTLS: false, ignoreTLS: true });
    expect(plain.kind === 'smtp' && plain.options.auth).toBeUndefined();
  });

  it('falls back to the configured sender when the site names no from address', () => {
    const route = resolveMailRoute(smtp({ from_email: '' }), config);
    expect(route.from).toBe('Agora <no-reply@localhost>');
  });

  it('uses AGORA_SMTP_URL when the site names no host, without showing its credentials', () => {
    const route = resolveMailRoute(smtp({ smtp_host: ' ' }), {
      ...config,
      smtpUrl: 'smtps://me:pw@mail.example.com:465',
    });
    expect(route.kind).toBe('smtp');
    if (route.kind !== 'smtp') return;
    expect(route.source).toBe('config');
    expect(route.options.url).toBe('smtps://me:pw@mail.example.com:465');
    expect(route.from).toBe('Agora <no-reply@localhost>');
    expect(route.description).toBe('AGORA_SMTP_URL (smtps://mail.example.com:465)');
  });

  it('leaves mail to the folder while the site’s settings name no host, whatever else they name', () => {
    const incomplete = { ...defaultSiteSettings().smtp, from_email: 'mailer@example.com', smtp_username: 'user' };
    expect(resolveMailRoute(incomplete, config)).toMatchObject({ kind: 'file', dir: '/data/mail' });
  });

  it('writes files under dataDir/mail when nothing is configured', () => {
    const route = resolveMailRoute(defaultSiteSettings().smtp, config);
    expect(route).toMatchObject({
      kind: 'file',
      dir: '/data/mail',
      description: 'no SMTP configured: mail is written to /data/mail',
    });
  });

  it('backs off exponentially from 5 s, capped at 10 minutes', () => {
    const settings = { retryBaseMs: 5000, retryMaxMs: 600_000 };
    expect([1, 2, 3, 4, 7, 8, 20, 100].map((n) => retryDelayMs(n, settings))).toEqual([
      5000, 10_000, 20_000, 40_000, 320_000, 600_000, 600_000, 600_000,
    ]);
  });
});
