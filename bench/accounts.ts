import { randomBytes } from 'node:crypto';
import { Role } from '@agora/contracts';
import { accountsFor } from '@agora/identity';
import type { RunningService } from '@agora/platform';

export interface BenchAccount {
  id: string;
  username: string;
  token: string;
}

/**
 * Makes activated members with a session on a benchmark's identity service, their e-mails marked by a run tag so a
 * kept database takes another run's members beside them.
 */
export function benchAccounts(identity: RunningService) {
  const accounts = accountsFor(identity);
  const tag = randomBytes(3).toString('hex');
  return async (name: string, roleId: number = Role.user): Promise<BenchAccount> => {
    const row = await accounts.register({
      email: `${name.replace(/\s/g, '-').toLowerCase()}-${tag}@bench.test`,
      displayName: name,
      password: 'bench-password-1',
      roleId,
      activated: true,
      createdBy: 'admin',
      actorId: null,
    });
    return { id: row.user_id, username: row.username, token: (await accounts.startSession(row)).token };
  };
}
