import { setTimeout as sleep } from 'node:timers/promises';
import { type AgoraConfig, type Db, loadSiteSettings, type ServiceContext, Wakeup } from '@agora/platform';
import { mailAttemptsFailed, mailGivenUp, mailSent } from './metrics';
import { type ClaimedMail, claimDueMails, markAttemptFailed, markSent, nextDueInMs } from './outbox';
import { type MailConfig, type MailRoute, MailSender, resolveMailRoute } from './transport';

export interface MailWorkerSettings {
  /**
   * The longest wait when no signal comes: for mail another replica queued. Retries and ended leases are
   * waited for until they fall due (the outbox says when).
   */
  pollIntervalMs: number;
  /** Mails claimed, and sent side by side, per pass. */
  batchSize: number;
  /** First retry delay; it doubles with each failed attempt up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts after which a mail is marked failed. */
  maxAttempts: number;
  /** How long a claimed mail stays with this worker: longer than any SMTP conversation may take. */
  leaseMs: number;
  /** On stop, how long in-flight sends may finish before their connections are cut. */
  stopGraceMs: number;
}

export const DEFAULT_MAIL_WORKER_SETTINGS: MailWorkerSettings = {
  pollIntervalMs: 60_000,
  batchSize: 10,
  retryBaseMs: 5000,
  retryMaxMs: 10 * 60_000,
  maxAttempts: 20,
  leaseMs: 5 * 60_000,
  stopGraceMs: 10_000,
};

/** How long after a signal the queuing transaction may still be committing: the worker looks again soon. */
const EAGER_MS = 1000;
const DUE_BUT_TAKEN_MS = 50;

/** 5 s, 10 s, 20 s ... capped: attempt n (1-based) failed, so wait before attempt n + 1. */
export function retryDelayMs(failedAttempts: number, settings: Pick<MailWorkerSettings, 'retryBaseMs' | 'retryMaxMs'>) {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  return Math.min(settings.retryBaseMs * 2 ** exponent, settings.retryMaxMs);
}

/** A rejection that no retry can change: the server refused the recipient for good. */
function isPermanent(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export interface MailWorkerOptions {
  db: Db;
  config: MailConfig & Pick<AgoraConfig, 'siteUrl'>;
  log: ServiceContext['log'];
  settings?: Partial<MailWorkerSettings>;
}

/**
 * Delivers `mail_outbox`: claims due rows, sends them, records the outcome. A mail server that is down
 * delays mail (exponential back-off per mail) but never loses it and never holds up anything else.
 * Any number of replicas may run it side by side.
 */
export class MailWorker {
  readonly settings: MailWorkerSettings;
  private readonly wakeup = new Wakeup();
  private sender = new MailSender();
  private readonly log: ServiceContext['log'];
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Until when a signal may still be followed by its commit: look again soon rather than at the poll. */
  private eagerUntil = 0;
  private lastRoute: string | null = null;

  constructor(private readonly options: MailWorkerOptions) {
    this.settings = { ...DEFAULT_MAIL_WORKER_SETTINGS, ...options.settings };
    this.log = options.log.child({ worker: 'mail' });
  }

  /** Called when mail was queued. The queuing transaction may not have committed yet. */
  wake(): void {
    this.eagerUntil = Date.now() + Math.min(this.settings.pollIntervalMs, EAGER_MS);
    this.wakeup.wake();
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.stopped = false;
    this.sender = new MailSender();
    try {
      await this.currentRoute();
    } catch (error) {
      this.log.warn({ err: error }, 'could not read the SMTP settings yet; mail waits until it can');
    }
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopped = true;
    this.wakeup.wake();
    const grace = new AbortController();
    const finished = await Promise.race([
      this.running.then(() => true),
      sleep(this.settings.stopGraceMs, false, { signal: grace.signal }).catch(() => false),
    ]);
    grace.abort();
    // Cut the connections of sends still running: they end as failed attempts, retried after a restart.
    this.sender.close();
    if (!finished) await this.running;
    this.running = null;
  }

  private async currentRoute(): Promise<MailRoute> {
    const { smtp } = await loadSiteSettings(this.options.db, this.options.config.siteUrl);
    const route = resolveMailRoute(smtp, this.options.config);
    if (route.description !== this.lastRoute) {
      this.log.info(
        { transport: route.kind },
        route.kind === 'file' ? route.description : `mail is sent through ${route.description}`,
      );
      this.lastRoute = route.description;
    }
    return route;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    let eagerWaits = 0;
    while (!this.stopped) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
        failures = 0;
      } catch (error) {
        failures++;
        if (this.stopped) break;
        this.log.error({ err: error, failures }, 'mail pass failed (database unreachable?); retrying');
        await this.wakeup.wait(Math.min(100 * 2 ** failures, 5000));
        continue;
      }
      if (this.stopped) break;
      if (claimed >= this.settings.batchSize) continue;
      if (claimed > 0) eagerWaits = 0;
      if (claimed === 0 && Date.now() < this.eagerUntil) {
        // Signalled, found nothing: the queuing batch has probably not committed yet.
        eagerWaits = Math.min(eagerWaits + 1, 6);
        await this.wakeup.wait(5 * 2 ** eagerWaits);
        continue;
      }
      eagerWaits = 0;
      let waitMs: number;
      try {
        const dueInMs = (await nextDueInMs(this.options.db)) ?? Number.POSITIVE_INFINITY;
        // Due but not claimed (another worker holds it for the moment): not at once again.
        waitMs = Math.min(Math.max(dueInMs, DUE_BUT_TAKEN_MS), this.settings.pollIntervalMs);
      } catch {
        failures++;
        waitMs = Math.min(100 * 2 ** failures, 5000);
      }
      // Nothing due: asleep until a signal, the next retry or lease end, or the longest wait.
      await this.wakeup.wait(waitMs);
    }
  }

  /** One pass: claims due mail and sends it. Returns how many mails it claimed. */
  async runOnce(): Promise<number> {
    const mails = await claimDueMails(this.options.db, this.settings.batchSize, this.settings.leaseMs);
    if (mails.length === 0) return 0;
    this.eagerUntil = 0;
    const route = await this.currentRoute();
    const outcomes = await Promise.allSettled(mails.map((mail) => this.deliver(route, mail)));
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    return mails.length;
  }

  private async deliver(route: MailRoute, mail: ClaimedMail): Promise<void> {
    const labels = { template: mail.template, transport: route.kind };
    let error: unknown;
    try {
      const info = await this.sender.send(route, {
        mailId: mail.mailId,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      mailSent.inc(labels);
      this.log.info(
        { mailId: mail.mailId, template: mail.template, messageId: info.messageId, file: info.file },
        'mail sent',
      );
    } catch (caught) {
      error = caught;
    }
    if (error === undefined) {
      if (!(await markSent(this.options.db, mail))) {
        this.log.warn({ mailId: mail.mailId }, 'mail sent after its lease ended; another worker may send it again');
      }
      return;
    }
    mailAttemptsFailed.inc(labels);
    const attempts = mail.attempts + 1;
    const permanent = isPermanent(error);
    const giveUp = permanent || attempts >= this.settings.maxAttempts;
    const retryInMs = retryDelayMs(attempts, this.settings);
    await markAttemptFailed(this.options.db, mail, describeError(error), { giveUp, retryInMs });
    const context = { mailId: mail.mailId, template: mail.template, attempts, err: error };
    if (giveUp) {
      mailGivenUp.inc({ template: mail.template });
      this.log.error(
        context,
        permanent ? 'mail rejected for good; not retried' : 'mail given up after its last attempt',
      );
    } else {
      this.log.warn({ ...context, retryInMs }, 'mail delivery failed; will retry');
    }
  }
}
