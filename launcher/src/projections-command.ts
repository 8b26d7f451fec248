import { type AgoraConfig, busSettingsOf, createEventBus } from '@agora/platform';
import type { Logger } from 'pino';
import { catchUpWithProgress } from './catch-up-progress';
import { parseCommandLine, refuseUsage } from './command-line';
import { reachDatabase } from './database-access';
import { IMPORT_CATCH_UP_BATCH } from './import/open-services';
import { openProjections } from './projection-runner';
import { ALL_SERVICES } from './services';

const USAGE = `Usage: npm run agora -- projections status
       npm run agora -- projections rebuild <service>.<projection>
       npm run agora -- projections retry [<service>.<projection>]
  status    each projection with its lag and the events set aside (dead letters)
  rebuild   replays one projection from position zero, with progress
  retry     applies the events set aside again`;

export async function projectionsCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const line = parseCommandLine(args, { usage: USAGE, options: {}, maxPositionals: 2 });
  if (line.exit !== undefined) return line.exit;
  const [action, target] = line.positionals;
  const valid =
    action === 'status' ||
    (action === 'rebuild' && target?.includes('.')) ||
    (action === 'retry' && (target === undefined || target.includes('.')));
  if (!valid) return refuseUsage(USAGE);
  let stillFailing = 0;
  const database = await reachDatabase(config, log);
  const bus = await createEventBus({
    ...busSettingsOf(config),
    databaseUrl: database.url,
    log,
  });
  try {
    for (const module of ALL_SERVICES) {
      const [serviceName, projectionName] = target?.split('.') ?? [];
      if (action !== 'status' && serviceName !== undefined && module.name !== serviceName) continue;
      // A rebuild replays in an import's batches: nothing waits on a projection being rebuilt from zero.
      const { runner, close } = await openProjections(module, {
        config,
        databaseUrl: database.url,
        bus,
        log,
        ...(action === 'rebuild' ? { bulkBatchSize: IMPORT_CATCH_UP_BATCH } : {}),
      });
      if (action === 'status') {
        for (const s of await runner.status()) {
          const parked =
            s.deadLetters > 0 ? `\tset aside ${s.deadLetters} (fix the cause, then: projections retry)` : '';
          process.stdout.write(`${module.name}.${s.name}\tlag ${s.lag}\tdead letters ${s.deadLetters}${parked}\n`);
        }
      } else if (action === 'retry') {
        // Works while Agora runs: each chunk holds the live consumer of its projection off.
        const parked = await runner.parked();
        for (const name of projectionName ? [projectionName] : runner.names) {
          if (!projectionName && !parked.has(name)) continue;
          const outcome = await runner.retryParked(name);
          stillFailing += outcome.stillFailing;
          process.stdout.write(
            `${module.name}.${name}\tapplied ${outcome.applied}\tstill failing ${outcome.stillFailing}\n`,
          );
        }
      } else if (projectionName !== undefined) {
        // `rebuild`, whose target names one (checked above). Replays while the live instance (if any) is held
        // off by the consumer lock, then hands back.
        await runner.rebuild(projectionName);
        await runner.start();
        try {
          await catchUpWithProgress(runner, (behind) => process.stderr.write(`rebuilding ${target}: ${behind}\n`));
        } finally {
          await runner.stop();
        }
        process.stdout.write(`rebuilt ${target}\n`);
      }
      await close();
    }
    return stillFailing > 0 ? 1 : 0;
  } finally {
    await bus.close();
    await database.stop();
  }
}
