import { defaultSiteSettings } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { checkSettingsGroup } from '../src/settings/checks';

const defaults = defaultSiteSettings('http://agora.test');
const fieldsOf = (problems: { field: string }[]) => problems.map((p) => p.field);

describe('settings group checks', () => {
  it('accepts every default group except the one an admin must fill in (the general contact e-mail)', () => {
    const refused = Object.entries(defaults)
      .filter(([group, values]) => checkSettingsGroup(group as never, values as never).problems.length > 0)
      .map(([group]) => group);
    expect(refused).toEqual(['general']);
  });

  it('normalises the site URL to scheme://host[/path] without a trailing slash', () => {
    const { values, problems } = checkSettingsGroup('general', {
      ...defaults.general,
      site_url: 'https://example.com/community///',
      contact_email: 'a@example.com',
    });
    expect(problems).toEqual([]);
    expect(values.site_url).toBe('https://example.com/community');
  });

  it('refuses a site URL that is not http(s) and an address that is not one', () => {
    const { problems } = checkSettingsGroup('general', {
      ...defaults.general,
      site_url: 'javascript:alert(1)',
      contact_email: 'a@b',
    });
    expect(fieldsOf(problems)).toEqual(['site_url', 'contact_email']);
  });

  it('saves SMTP incomplete, checking what is filled in: an address, and a sender name that is not one', () => {
    const fromOnly = checkSettingsGroup('smtp', { ...defaults.smtp, from_email: ' a@example.com ' });
    expect(fromOnly.problems).toEqual([]);
    expect(fromOnly.values).toMatchObject({ from_email: 'a@example.com', smtp_host: '' });
    // Authentication asked for before its credentials are known: saved, and mail fails clearly until they are.
    const base = { ...defaults.smtp, from_email: 'a@example.com', from_name: 'Agora', smtp_host: 'smtp.example.com' };
    expect(checkSettingsGroup('smtp', { ...base, smtp_authentication: true }).problems).toEqual([]);
    expect(
      fieldsOf(checkSettingsGroup('smtp', { ...base, from_email: 'nobody', from_name: 'x@example.com' }).problems),
    ).toEqual(['from_email', 'from_name']);
  });

  it('checks every theme colour and the colour scheme', () => {
    const ok = checkSettingsGroup('theme', {
      ...defaults.theme,
      color_scheme: 'system',
      theme_config: { default: { navbar_style: '#fff', primary_color: '#AA0011' } },
    });
    expect(ok.problems).toEqual([]);
    const bad = checkSettingsGroup('theme', {
      ...defaults.theme,
      color_scheme: 'sepia',
      theme_config: { default: { primary_color: 'url(x)' } },
    });
    expect(fieldsOf(bad.problems)).toEqual(['color_scheme', 'theme_config']);
  });

  it('keeps branding images to http(s) URLs and site paths', () => {
    const { problems } = checkSettingsGroup('branding', {
      ...defaults.branding,
      logo: '/uploads/a.png',
      favicon: 'data:image/png;base64,AAAA',
      square_icon: '//evil.example/icon.png',
    });
    expect(fieldsOf(problems)).toEqual(['square_icon', 'favicon']);
  });

  it('renders the policies from their markdown, whatever HTML was sent', () => {
    const { values } = checkSettingsGroup('policies', {
      ...defaults.policies,
      privacy_policy_original_text: 'Hello <img src=x onerror=alert(1)>',
      privacy_policy_parsed_text: '<script>alert(1)</script>',
    });
    expect(values.privacy_policy_parsed_text).not.toContain('onerror');
    expect(values.privacy_policy_parsed_text).not.toContain('<script');
    expect(values.privacy_policy_parsed_text).toContain('Hello');
  });
});
