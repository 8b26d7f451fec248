import { Limits, Role } from '@agora/contracts';
import { composeServices } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import type { AgoraConfig } from '@agora/platform';
import type { Logger } from 'pino';
import { parseCommandLine, refuseUsage } from './command-line';
import { reachDatabase } from './database-access';

const USAGE =
  'Usage: npm run agora -- admin create --email <address> --name <display name> --password <8 to 32 characters>\n';

/**
 * `admin create`: creates an activated admin account, or promotes (and activates) the account that
 * already has that e-mail, setting its password. For first use and for operators; no prompt.
 */
export async function adminCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const line = parseCommandLine(args, {
    usage: USAGE,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
    maxPositionals: 1,
  });
  if (line.exit !== undefined) return line.exit;
  const [action] = line.positionals;
  const { email, name, password } = line.values;
  const problems = [
    action !== 'create' && 'the action must be "create"',
    !email?.includes('@') && '--email must be an e-mail address',
    (!password || password.length < Limits.password.minLength || password.length > Limits.password.maxLength) &&
      `--password must be ${Limits.password.minLength} to ${Limits.password.maxLength} characters`,
  ].filter(Boolean);
  if (problems.length || !email || !password) return refuseUsage(USAGE, problems.join('; '));
  const database = await reachDatabase(config, log);
  const composed = await composeServices({
    config,
    databaseUrl: database.url,
    log,
    services: [{ module: identityService, maxConnections: 2 }],
  }).catch(async (error) => {
    await database.stop();
    throw error;
  });
  const identity = composed.service('identity');
  try {
    const accounts = accountsFor(identity);
    const existing = await accounts.findByEmail(email);
    if (existing) {
      await accounts.run(existing.user_id, { type: 'change_role', roleId: Role.admin }, null);
      await accounts.run(existing.user_id, { type: 'reinstate' }, null);
      await accounts.setPassword(existing.user_id, password, 'admin', null);
      process.stdout.write(`${email} is now an admin.\n`);
    } else {
      const displayName = (name ?? email.split('@')[0] ?? 'Admin')
        .slice(0, Limits.user.displayNameMaxLength)
        .padEnd(Limits.user.adminDisplayNameMinLength, '_');
      await accounts.register({
        email,
        displayName,
        password,
        roleId: Role.admin,
        activated: true,
        createdBy: 'installer',
        actorId: null,
      });
      process.stdout.write(`Created the admin ${email}.\n`);
    }
    return 0;
  } finally {
    await composed.close();
    await database.stop();
  }
}
