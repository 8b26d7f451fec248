import { type ParseArgsConfig, parseArgs } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** The exit statuses of the operator commands (sysexits.h, as shells and supervisors read them). */
export const Exit = {
  ok: 0,
  /** A command used wrongly: an unknown option, a missing argument. */
  usage: 64,
  /** A configuration the command needs is missing. */
  config: 78,
} as const;

export interface CommandSpec<O extends ParseArgsOptionsConfig> {
  /** The command's usage text, from `Usage:` on; printed for `--help` and with every refusal. */
  usage: string;
  options: O;
  /** Positional arguments the command takes at most (none unless said). */
  maxPositionals?: number;
}

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>;

/** A command's parsed arguments, or the status it ends with (`--help` answered, or its use refused). */
export type CommandLine<O extends ParseArgsOptionsConfig> =
  | { values: Parsed<O>['values']; positionals: string[]; exit?: undefined }
  | { exit: number };

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** Refuses a command's use: what is wrong and its usage on standard error, and the usage status. */
export function refuseUsage(usage: string, problem?: string): number {
  process.stderr.write(`${problem ? withNewline(problem) : ''}${withNewline(usage)}`);
  return Exit.usage;
}

/**
 * Parses an operator command's arguments strictly: `--help` (or `-h`) prints its usage on standard output and ends
 * with 0; an unknown option, a value missing or too many positionals print the problem and the usage on standard
 * error and end with 64.
 */
export function parseCommandLine<O extends ParseArgsOptionsConfig>(
  args: string[],
  spec: CommandSpec<O>,
): CommandLine<O> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(withNewline(spec.usage));
    return { exit: Exit.ok };
  }
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args, options: spec.options, allowPositionals: true, strict: true });
  } catch (error) {
    return { exit: refuseUsage(spec.usage, (error as Error).message) };
  }
  const positionals = parsed.positionals;
  const most = spec.maxPositionals ?? 0;
  if (positionals.length > most) {
    return { exit: refuseUsage(spec.usage, `unexpected argument: ${positionals.slice(most).join(' ')}`) };
  }
  return { values: parsed.values, positionals };
}

/** A long command's first Ctrl-C (or SIGTERM): asked to stop at its next safe point. */
export interface StopRequest {
  readonly requested: boolean;
  /** Stops listening for the signals (the command is over). */
  release(): void;
}

/**
 * Listens for Ctrl-C and SIGTERM while a long command runs: the first asks it to stop at its next safe point
 * (`message` says which), the second ends the process at once with 130.
 */
export function listenForStop(message: string): StopRequest {
  let requested = false;
  const stop = () => {
    if (requested) process.exit(130);
    requested = true;
    process.stderr.write(`\n${message}\n`);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    get requested() {
      return requested;
    },
    release() {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}
