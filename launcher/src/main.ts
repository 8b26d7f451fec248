/**
 * `npm start` and operator commands (`npm run agora -- <command>`), each named in the README:
 *   start                                        run Agora embedded (default)
 *   admin create --email --name --password       create or promote an admin account
 *   projections status                           list projections with lag and dead letters
 *   projections rebuild <service>.<projection>   replay one projection from position zero
 *   projections retry [<service>.<projection>]   apply events set aside (dead letters) again
 *   search reindex [--from-events] [--restart]   rebuild the search index (resumable, swapped in at the end)
 *   migrate <service>...                         run services' migrations on DATABASE_URL, then exit
 *   import answer --from <url> [--uploads <d>]   bring an Apache Answer site in (docs/adr/0094-importing-a-community.md)
 *   import stackexchange <folder>                bring a Stack Exchange dump in, or an Agora export
 *   export <folder> [--with-secrets]             the whole community out, as a Stack Exchange dump and side files
 *   backup <file> [--uploads <d>] [--jobs <n>]   a consistent backup of the running site (docs/adr/0101-backup-and-restore.md)
 *   restore <file> [--uploads <d>]               a backup into an empty data directory or database, read models rebuilt
 *   cluster up [--replicas <role=count,...>]     the scaled-out topology on this machine; cluster status, down
 *   help                                         the commands (also --help, -h); each command's --help its usage
 */
import { configFileOf, createLogger, loadConfigOrExit, onShutdown } from '@agora/platform';
import { adminCommand } from './admin-command';
import { backupCommand } from './backup/backup-command';
import { restoreCommand } from './backup/restore-command';
import { type BackupSchedule, scheduleBackups } from './backup/schedule';
import { clusterCommand } from './cluster-command';
import { Exit } from './command-line';
import { exportCommand } from './export/export-command';
import { importCommand } from './import/import-command';
import { launchAgora } from './install/launch';
import { migrateCommand } from './migrate-command';
import { projectionsCommand } from './projections-command';
import { searchCommand } from './search-command';
import { ensureWebBuild } from './web-build';

const COMMANDS = `Usage: npm run agora -- <command> [--help]
  start                 run Agora (the same as npm start)
  admin create          create or promote an admin account
  projections           status | rebuild <service>.<projection> | retry [<service>.<projection>]
  search reindex        rebuild the search index
  migrate <service>...  run services' migrations on DATABASE_URL
  import                answer --from <url> | stackexchange <folder>
  export <folder>       the whole community out
  backup <file>         a consistent backup of the site
  restore <file>        a backup into an empty data directory or database
  cluster               up | status | down: the scaled-out topology on this machine
Each command's --help says more.
`;

const [command = 'start', ...args] = process.argv.slice(2);

// The config file the installer writes: AGORA_CONFIG, else the data directory's config.json.
const configFile = configFileOf(process.env);
const config = loadConfigOrExit({ file: configFile });
const log = createLogger(config);

// `--help` and `-h` ask what `help` does.
switch (command === '--help' || command === '-h' ? 'help' : command) {
  case 'start': {
    // The handler is in place before anything starts, so Ctrl-C during start-up also stops cleanly.
    const launching = ensureWebBuild(log).then(() => launchAgora(config, log, configFile));
    const starting = launching.then((launch) => launch.running);
    let backups: BackupSchedule | null = null;
    onShutdown(async () => {
      await backups?.stop();
      const launch = await launching.catch(() => null);
      await launch?.stop();
      log.info('Agora stopped');
    }, log);
    const agora = await starting.catch((error: Error) => {
      log.fatal({ err: error }, `Agora could not start: ${error.message}`);
      process.exit(1);
    });
    log.info(`Agora is running at ${agora.url} (data in ${config.dataDir}, ${config.bus} event bus). Ctrl-C stops it.`);
    backups = scheduleBackups(config, log, agora.databaseUrl);
    if (!(await agora.hasAdmin())) {
      log.info(
        "No admin account yet. Create one with: npm run agora -- admin create --email you@example.com --name 'Your Name' --password '<8 to 32 characters>'",
      );
    }
    break;
  }
  case 'admin':
    process.exitCode = await adminCommand(config, log, args);
    break;
  case 'projections':
    process.exitCode = await projectionsCommand(config, log, args);
    break;
  case 'search':
    process.exitCode = await searchCommand(config, log, args);
    break;
  case 'migrate':
    process.exitCode = await migrateCommand(config, log, args);
    break;
  case 'import':
    process.exitCode = await importCommand(config, log, args);
    break;
  case 'export':
    process.exitCode = await exportCommand(config, log, args);
    break;
  case 'backup':
    process.exitCode = await backupCommand(config, log, args);
    break;
  case 'restore':
    process.exitCode = await restoreCommand(config, log, args);
    break;
  case 'cluster': {
    const code = await clusterCommand(config, log, args);
    // `cluster run` (the supervisor) ends by its shutdown handler; the others end here.
    process.exit(code);
    break;
  }
  case 'help':
    process.stdout.write(COMMANDS);
    break;
  default:
    process.stderr.write(`Unknown command ${command}.\n${COMMANDS}`);
    process.exitCode = Exit.usage;
}
