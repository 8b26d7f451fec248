import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One registry per process: an embedded process exposes every service's figures on each /metrics. */
export const metricsRegistry = new Registry();

export const httpRequestDuration = new Histogram({
  name: 'agora_http_request_duration_seconds',
  help: 'HTTP request duration by service, route and status',
  labelNames: ['service', 'method', 'route', 'status'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const projectionEventsApplied = new Counter({
  name: 'agora_projection_events_applied_total',
  help: 'Events applied by a projection',
  labelNames: ['projection'],
  registers: [metricsRegistry],
});

export const projectionDeadLetters = new Counter({
  name: 'agora_projection_dead_letters_total',
  help: 'Events a projection parked in its dead-letter table after failing to apply them',
  labelNames: ['projection'],
  registers: [metricsRegistry],
});

const onScrape = new Set<() => Promise<void>>();
let collecting: Promise<void> | null = null;

/**
 * Figures read from the database when /metrics is read, not on a timer, so that an idle process asks
 * nothing (docs/adr/0048-idle-costs-nothing.md). Returns the way to stop.
 */
export function collectOnScrape(refresh: () => Promise<void>): () => void {
  onScrape.add(refresh);
  return () => onScrape.delete(refresh);
}

/** One refresh per scrape, shared by the gauges it sets. */
function collectAll(): Promise<void> {
  collecting ??= Promise.all([...onScrape].map((refresh) => refresh().catch(() => {}))).then(() => {
    collecting = null;
  });
  return collecting;
}

export const projectionParked = new Gauge({
  name: 'agora_projection_parked_events',
  help: 'Events set aside in dead_letters and not yet retried (`projections retry`), per projection',
  labelNames: ['projection'],
  registers: [metricsRegistry],
  collect: collectAll,
});

export const projectionLag = new Gauge({
  name: 'agora_projection_lag_events',
  help: 'Events a projection has still to read',
  labelNames: ['projection'],
  registers: [metricsRegistry],
  collect: collectAll,
});

export const projectionBatchDuration = new Histogram({
  name: 'agora_projection_batch_duration_seconds',
  help: 'Time to apply one batch of events and commit it with its position',
  labelNames: ['projection'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [metricsRegistry],
});

export const relayEventsPublished = new Counter({
  name: 'agora_outbox_events_published_total',
  help: 'Events the outbox relay published to Kafka',
  labelNames: ['service'],
  registers: [metricsRegistry],
});
