import { defaultSiteSettings } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { checkSettingsGroup } from '../src/settings/checks';

const defaults = defaultSiteSettings('http://agora.test');
const fieldsOf = (problems: { field: string }[]) => problems.map((p) => p.field);

describe('settings group checks', () => {
  it('accepts every default group except those an admin must fill in (general e-mail, SMTP)', () => {
    const refused = Object.entries(defaults)
      .filter(([group, values]) => checkSettingsGroup(group as never, values as never).problems.length > 0)
      .map(([group]) => group);
    expect(refused).toEqual(['general', 'smtp']);
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

  it('needs SMTP credentials only with authentication, and a sender name that is not an address', () => {
    const base = { ...defaults.smtp, from_email: 'a@example.com', from_name: 'Agora', smtp_host: 'smtp.example.com' };
    expect(checkSettingsGroup('smtp', { ...base, smtp_authentication: false }).problems).toEqual([]);
    expect(fieldsOf(checkSettingsGroup('smtp', { ...base, smtp_authentication: true }).problems)).toEqual([
      'smtp_username',
      'smtp_password',
    ]);
    expect(
      fieldsOf(
        checkSettingsGroup('smtp', { ...base, smtp_authentication: false, from_name: 'x@example.com' }).problems,
      ),
    ).toEqual(['from_name']);
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
