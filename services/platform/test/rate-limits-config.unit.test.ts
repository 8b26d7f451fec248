import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';
import { RATE_LIMIT_DEFAULTS } from '../src/config/rate-limits';
import { CAPTCHA_RULES, captchaRulesWith } from '../src/security/captcha';

describe('rate limit settings', () => {
  it('default to the documented numbers', () => {
    const { rateLimits, captchaLimits } = loadConfig({ env: {} });
    expect(rateLimits).toEqual(RATE_LIMIT_DEFAULTS);
    expect(rateLimits.login_ip).toEqual({ points: 30, durationSeconds: 600 });
    expect(rateLimits.login_account_failures).toEqual({ points: 10, durationSeconds: 600 });
    expect(captchaLimits).toEqual({});
  });

  it('take the named limits from AGORA_RATE_LIMITS and keep the others', () => {
    const { rateLimits } = loadConfig({ env: { AGORA_RATE_LIMITS: 'login_ip=300/600, register_ip=5/60' } });
    expect(rateLimits.login_ip).toEqual({ points: 300, durationSeconds: 600 });
    expect(rateLimits.register_ip).toEqual({ points: 5, durationSeconds: 60 });
    expect(rateLimits.mail_account).toEqual(RATE_LIMIT_DEFAULTS.mail_account);
  });

  it('take them from the config file too, as text or as objects', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'agora-limits-')), 'agora.json');
    writeFileSync(
      file,
      JSON.stringify({
        rateLimits: { login_ip: '60/600', mail_ip: { points: 2, durationSeconds: 3600 } },
        captchaLimits: { vote: '100', question: { count: 20, withinMs: 2000 } },
      }),
    );
    const config = loadConfig({ env: { AGORA_CONFIG: file } });
    expect(config.rateLimits.login_ip).toEqual({ points: 60, durationSeconds: 600 });
    expect(config.rateLimits.mail_ip).toEqual({ points: 2, durationSeconds: 3600 });
    expect(config.captchaLimits).toEqual({ vote: { count: 100 }, question: { count: 20, withinMs: 2000 } });
  });

  it.each([
    [{ AGORA_RATE_LIMITS: 'login_ip=30' }, /AGORA_RATE_LIMITS \(rateLimits\) must be points\/seconds/],
    [{ AGORA_RATE_LIMITS: 'login_ip=0/600' }, /must be points\/seconds/],
    [{ AGORA_RATE_LIMITS: 'logins=3/60' }, /names an unknown limit logins/],
    [{ AGORA_RATE_LIMITS: 'login_ip' }, /must be a list of name=points\/seconds pairs/],
    [{ AGORA_CAPTCHA_LIMITS: 'vote=-1' }, /AGORA_CAPTCHA_LIMITS \(captchaLimits\) must be count/],
    [{ AGORA_CAPTCHA_LIMITS: 'login_guard=5' }, /names an unknown action login_guard/],
  ])('refuse %j with a message naming the setting', (env, message) => {
    expect(() => loadConfig({ env })).toThrow(ConfigError);
    expect(() => loadConfig({ env })).toThrow(message);
  });

  it("put the configured captcha numbers in place of the defaults, keeping each rule's unit and exemptions", () => {
    const { captchaLimits } = loadConfig({ env: { AGORA_CAPTCHA_LIMITS: 'vote=100,comment=50/0' } });
    const rules = captchaRulesWith(captchaLimits);
    expect(rules.vote).toEqual({ ...CAPTCHA_RULES.vote, count: 100 });
    expect(rules.comment).toEqual({ ...CAPTCHA_RULES.comment, count: 50, withinMs: 0 });
    expect(rules.question).toEqual(CAPTCHA_RULES.question);
  });
});
