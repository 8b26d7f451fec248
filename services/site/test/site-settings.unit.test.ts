import { defaultSiteSettings, SiteSettingsChanged, SmtpTestRequested } from '@agora/contracts';
import { foldEvents } from '@agora/platform';
import { describe, expect, it } from 'vitest';
import { siteSettingsDecider as decider } from '../src/domain/site-settings/decider';

const login = (overrides: Partial<ReturnType<typeof defaultSiteSettings>['login']> = {}) => ({
  ...defaultSiteSettings().login,
  ...overrides,
});

describe('site settings decider', () => {
  it('given no history, when a group changes, then one event carries its new value', () => {
    const state = foldEvents(decider, []);
    const events = decider.decide(
      { type: 'update_settings_group', group: 'login', values: login({ allow_new_registrations: false }) },
      state,
    );
    expect(events).toEqual([
      { type: SiteSettingsChanged.type, data: { group: 'login', values: login({ allow_new_registrations: false }) } },
    ]);
  });

  it('given a change, when the same values are saved again, then nothing is recorded', () => {
    const state = foldEvents(decider, [
      { type: SiteSettingsChanged.type, data: { group: 'login', values: login({ allow_new_registrations: false }) } },
    ] as never);
    expect(
      decider.decide(
        { type: 'update_settings_group', group: 'login', values: login({ allow_new_registrations: false }) },
        state,
      ),
    ).toEqual([]);
  });

  it('given defaults, when defaults are saved, then nothing is recorded', () => {
    const state = foldEvents(decider, []);
    expect(decider.decide({ type: 'update_settings_group', group: 'seo', values: state.settings.seo }, state)).toEqual(
      [],
    );
  });

  it('evolves only the changed group', () => {
    const state = foldEvents(decider, [
      { type: SiteSettingsChanged.type, data: { group: 'seo', values: { permalink: 4, robots: '' } } },
    ] as never);
    expect(state.settings.seo).toEqual({ permalink: 4, robots: '' });
    expect(state.settings.login).toEqual(defaultSiteSettings().login);
  });

  it('given SMTP settings, when saved with a test recipient, then the change comes before the test request', () => {
    const state = foldEvents(decider, []);
    const smtp = { ...state.settings.smtp, smtp_host: 'mail.example.com' };
    const testMail = { recipient: 'owner@example.com', language: 'en_US' };
    expect(decider.decide({ type: 'update_settings_group', group: 'smtp', values: smtp, testMail }, state)).toEqual([
      { type: SiteSettingsChanged.type, data: { group: 'smtp', values: smtp } },
      { type: SmtpTestRequested.type, data: testMail },
    ]);
  });

  it('given unchanged SMTP settings, when a test is asked for, then only the test is recorded', () => {
    const state = foldEvents(decider, []);
    const testMail = { recipient: 'owner@example.com', language: 'zh_CN' };
    expect(
      decider.decide({ type: 'update_settings_group', group: 'smtp', values: state.settings.smtp, testMail }, state),
    ).toEqual([{ type: SmtpTestRequested.type, data: testMail }]);
  });
});
