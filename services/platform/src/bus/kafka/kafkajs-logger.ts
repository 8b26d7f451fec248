import { type LogEntry, logLevel } from 'kafkajs';
import type { Logger } from 'pino';

/**
 * Routes kafkajs logs to pino. kafkajs is chatty at INFO (joins, rebalances), so its INFO becomes
 * pino debug and its DEBUG becomes trace: quiet unless asked for.
 */
export function pinoLogCreator(log: Logger) {
  return (_level: logLevel) =>
    ({ namespace, level, log: entry }: LogEntry) => {
      const { message, timestamp: _timestamp, logger: _logger, ...fields } = entry;
      const child = { kafkajs: namespace, ...fields };
      // The relay re-sends a failed batch from its checkpoint and consumers drop copies by position:
      // bounded producer retries are deliberate, not a risk worth a warning at every start.
      // kafkajs also logs every error response (a rebalance under way, a topic that exists) at ERROR in
      // its Connection, before the caller that handles it sees it: those are the caller's to report.
      if (
        message.startsWith('Limiting retries for the idempotent producer') ||
        (namespace === 'Connection' && message.startsWith('Response '))
      ) {
        log.debug(child, message);
        return;
      }
      switch (level) {
        case logLevel.ERROR:
          log.error(child, message);
          break;
        case logLevel.WARN:
          log.warn(child, message);
          break;
        case logLevel.INFO:
          log.debug(child, message);
          break;
        default:
          log.trace(child, message);
      }
    };
}
