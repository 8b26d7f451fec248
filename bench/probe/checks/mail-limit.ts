import { randomBytes } from 'node:crypto';
import { API, call } from '../http';
import { type CheckResult, Findings, skipped } from '../report';

const ACCOUNTS = 3;
const ASKS_EACH = 3;

/**
 * Issue 45 item 5: however many members ask, one outside mailbox gets at most its budget of account mails. The probe
 * registers a few accounts of its own (each under its own per-account limit) and has each ask for e-mail-change codes
 * to one stranger's address; at most `budget` are accepted.
 */
export async function probeMailLimit(base: string, budget: number): Promise<CheckResult> {
  const findings = new Findings('mail-limit');
  const run = randomBytes(4).toString('hex');
  const stranger = `stranger-${run}@example.com`;
  const members: Array<{ token: string; pass: string }> = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const pass = `probe-${run}-pass`;
    const registered = await call(base, 'POST', `${API}/user/register/email`, {
      body: { e_mail: `probe-${run}-${i}@example.com`, name: `probe${run}${i}`, pass },
    });
    const token = registered.json?.data?.access_token as string | undefined;
    if (registered.status !== 200 || !token) {
      return skipped(
        'mail-limit',
        `registration answered ${registered.status} (${registered.json?.reason ?? ''}): open registration to probe mail limits`,
      );
    }
    members.push({ token, pass });
  }
  let accepted = 0;
  let refused = 0;
  for (let round = 0; round < ASKS_EACH; round++) {
    for (const member of members) {
      const asked = await call(base, 'POST', `${API}/user/email/change/code`, {
        token: member.token,
        body: { e_mail: stranger, pass: member.pass },
      });
      if (asked.status === 200) accepted += 1;
      else if (asked.status === 429) refused += 1;
      else findings.expect(false, `an e-mail-change code answered ${asked.status} (${asked.json?.reason ?? ''})`);
    }
  }
  findings.expect(
    accepted <= budget,
    `${accepted} e-mail-change codes accepted for one mailbox, past its budget of ${budget}`,
  );
  findings.expect(refused >= ACCOUNTS * ASKS_EACH - budget, `only ${refused} of ${ACCOUNTS * ASKS_EACH} refused`);
  return findings.result();
}
