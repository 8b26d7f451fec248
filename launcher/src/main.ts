/**
 * `npm start` and operator commands (`npm run agora -- <command>`):
 *   start                                  run Agora embedded (default)
 *   projections status                     list projections with lag and dead letters
 *   projections rebuild <service>.<name>   replay one projection from position zero
 */
import { createLogger, exitOnConfigError, loadConfig, onShutdown } from '@agora/platform';
import { startEmbedded } from './embedded';
import { projectionsCommand } from './projections-command';

const [command = 'start', ...args] = process.argv.slice(2);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  exitOnConfigError(error);
}
const log = createLogger(config);

switch (command) {
  case 'start': {
    const agora = await startEmbedded(config, log);
    log.info(`Agora is running at ${agora.url} (data in ${config.dataDir}, ${config.bus} event bus). Ctrl-C stops it.`);
    onShutdown(async () => {
      await agora.stop();
      log.info('Agora stopped');
    }, log);
    break;
  }
  case 'projections':
    process.exitCode = await projectionsCommand(config, log, args);
    break;
  default:
    process.stderr.write(`Unknown command ${command}. Commands: start, projections status|rebuild\n`);
    process.exitCode = 64;
}
