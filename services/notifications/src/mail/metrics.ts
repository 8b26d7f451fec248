import { metricsRegistry } from '@agora/platform';
import { Counter } from 'prom-client';

export const mailSent = new Counter({
  name: 'agora_mail_sent_total',
  help: 'Mails delivered to the SMTP server, or written to a file when none is configured',
  labelNames: ['template', 'transport'],
  registers: [metricsRegistry],
});

export const mailAttemptsFailed = new Counter({
  name: 'agora_mail_send_failures_total',
  help: 'Delivery attempts that failed (each is retried with back-off until the mail is given up)',
  labelNames: ['template', 'transport'],
  registers: [metricsRegistry],
});

export const mailGivenUp = new Counter({
  name: 'agora_mail_failed_total',
  help: 'Mails given up after their last attempt or a permanent rejection',
  labelNames: ['template'],
  registers: [metricsRegistry],
});
