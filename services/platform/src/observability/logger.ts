import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { AgoraConfig } from '../config/config';

export type LogFormat = 'pretty' | 'json';

/** The setting when given; else lines for people on a terminal, and JSON for whatever reads a pipe or a file. */
export function logFormatOf(setting: LogFormat | undefined, output: { isTTY?: boolean }): LogFormat {
  return setting ?? (output.isTTY ? 'pretty' : 'json');
}

/**
 * The process's logger, writing to stdout (or `output`, in tests): JSON lines (ISO times, no pid or host) for
 * collectors, or, for a person at a terminal, pino-pretty's coloured lines (`AGORA_LOG_FORMAT` forces either). Pretty
 * lines are written in this thread, synchronously, so that the last line before an exit is never lost.
 */
export function createLogger(
  config: Pick<AgoraConfig, 'logLevel'> & Partial<Pick<AgoraConfig, 'logFormat'>>,
  output?: NodeJS.WriteStream,
): Logger {
  const options = { level: config.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  // Without a stream given, both write to file descriptor 1 as pino does, which a reader gone (EPIPE) never crashes.
  if (logFormatOf(config.logFormat, output ?? process.stdout) === 'json') {
    return output ? pino(options, output as DestinationStream) : pino(options);
  }
  return pino(
    options,
    pinoPretty({
      destination: output ?? 1,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      // The service a line is about leads its message instead of taking a line of its own below it.
      messageFormat: '{if service}{service}: {end}{msg}',
      ignore: 'pid,hostname,service',
    }),
  );
}
