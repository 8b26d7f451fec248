import { DELETE_PERMANENTLY_PATH, DeletePermanentlyRequestSchema, EnvelopeSchema } from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { Accounts } from '../commands/accounts';
import { purgeDeletedUsers } from '../commands/user-purges';

/**
 * The admin's permanent delete of every deleted account (`questions` and `answers` are posts': the gateway
 * sends them there); docs/adr/0078-purging-in-an-event-sourced-system.md.
 */
export async function adminPurgeRoutes(app: HttpApp, accounts: Accounts) {
  app.delete(
    `/answer/admin/api/${DELETE_PERMANENTLY_PATH}`,
    {
      config: { auth: 'admin' },
      schema: { body: DeletePermanentlyRequestSchema, response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      if (request.body.type !== 'users') throw errors.fields({ field: 'type', key: 'validation.invalid' });
      await purgeDeletedUsers(accounts, request.actor);
      return ok(request, null);
    },
  );
}
