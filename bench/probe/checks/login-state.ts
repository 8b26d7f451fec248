import { API, call, send } from '../http';
import { type CheckResult, Findings, skipped } from '../report';

/**
 * Issue 45 item 4: a trip to an external login's provider finishes only in the browser that started it. The probe
 * starts a trip, then opens the callback with its state as another browser would (no cookie, a forged one): each is
 * sent to the failure page, never signed in. It needs a login connector the site offers.
 */
export async function probeLoginState(base: string): Promise<CheckResult> {
  const connectors = (await call(base, 'GET', `${API}/connector/info`)).json?.data as Array<{ link: string }> | null;
  const link = connectors?.[0]?.link;
  if (!link) return skipped('login-state', 'the site offers no external login');
  const findings = new Findings('login-state');
  const started = await send(base, 'GET', link);
  const location = String(started.headers.location ?? '');
  const state = location.startsWith('http') ? new URL(location).searchParams.get('state') : null;
  findings.expect(started.status === 302 && state !== null, `starting a trip answered ${started.status} ${location}`);
  const cookie = [started.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0] ?? '';
  findings.expect(cookie.includes('='), 'starting a trip set no cookie to bind it to the browser');
  if (!state) return findings.result();
  const callback = link.replace('/connector/login/', '/connector/redirect/');
  const target = `${callback}?code=probe-code&state=${encodeURIComponent(state)}`;
  const forged = cookie ? `${cookie.split('=')[0]}=${'A'.repeat(43)}` : 'agora_trip_x=forged';
  for (const [who, headers] of [
    ['a browser without the trip cookie', {}],
    ['a browser with a forged trip cookie', { cookie: forged }],
  ] as const) {
    const answered = await send(base, 'GET', target, { headers });
    const to = String(answered.headers.location ?? '');
    findings.expect(
      answered.status === 302 && /auth-failed/.test(to) && /invalid_state/.test(to),
      `the callback in ${who} answered ${answered.status} ${to}`,
    );
  }
  return findings.result();
}
