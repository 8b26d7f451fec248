/**
 * Operator commands behave like commands (issue 44 item 5): `--help` prints the usage on standard output and ends
 * with 0; an unknown option prints the problem and the usage on standard error and ends with 64. Neither reaches a
 * database.
 */
import { type AgoraConfig, loadConfig } from '@agora/platform';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCommand } from '../src/admin-command';
import { backupCommand } from '../src/backup/backup-command';
import { restoreCommand } from '../src/backup/restore-command';
import { clusterCommand } from '../src/cluster-command';
import { Exit } from '../src/command-line';
import { exportCommand } from '../src/export/export-command';
import { importCommand } from '../src/import/import-command';
import { migrateCommand } from '../src/migrate-command';
import { projectionsCommand } from '../src/projections-command';
import { searchCommand } from '../src/search-command';

type Command = (config: AgoraConfig, log: pino.Logger, args: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: Command; args: string[] }> = {
  admin: { run: adminCommand, args: ['create'] },
  projections: { run: projectionsCommand, args: ['status'] },
  search: { run: searchCommand, args: ['reindex'] },
  migrate: { run: migrateCommand, args: ['posts'] },
  import: { run: importCommand, args: ['stackexchange', '/nowhere'] },
  export: { run: exportCommand, args: ['/nowhere'] },
  backup: { run: backupCommand, args: ['/nowhere.agora-backup'] },
  restore: { run: restoreCommand, args: ['/nowhere.agora-backup'] },
  cluster: { run: clusterCommand, args: ['status'] },
};

const config = loadConfig({ env: {} });
const log = pino({ level: 'silent' });

async function run(command: Command, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  const code = await command(config, log, args);
  vi.restoreAllMocks();
  return { code, stdout: out.join(''), stderr: err.join('') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(Object.entries(COMMANDS))('npm run agora -- %s', (name, { run: command, args }) => {
  it('answers --help with its usage and status 0', async () => {
    const help = await run(command, [...args, '--help']);
    expect(help.code).toBe(Exit.ok);
    expect(help.stdout).toMatch(new RegExp(`Usage:[\\s\\S]*npm run agora -- ${name}`));
    expect(help.stderr).toBe('');
  });

  it('refuses an unknown option with the usage on standard error and status 64', async () => {
    const refused = await run(command, [...args, '--no-such-option']);
    expect(refused.code).toBe(Exit.usage);
    expect(refused.stderr).toMatch(/no-such-option/);
    expect(refused.stderr).toMatch(/Usage:/);
    expect(refused.stdout).toBe('');
  });
});
