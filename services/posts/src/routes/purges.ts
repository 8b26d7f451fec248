import { DELETE_PERMANENTLY_PATH, DeletePermanentlyRequestSchema, EnvelopeSchema } from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import type { PurgeCommands } from '../commands/purges';
import { Null } from './schemas';

/**
 * The admin's permanent delete of every deleted question or answer (`users` is identity's: the gateway sends
 * it there); docs/adr/0078-purging-in-an-event-sourced-system.md.
 */
export async function purgeRoutes(app: HttpApp, purges: PurgeCommands) {
  app.delete(
    `/answer/admin/api/${DELETE_PERMANENTLY_PATH}`,
    {
      config: { auth: 'admin' },
      schema: { body: DeletePermanentlyRequestSchema, response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      const { type } = request.body;
      if (type === 'users') throw errors.fields({ field: 'type', key: 'validation.invalid' });
      await purges.purgeDeleted(request.actor, type);
      return ok(request, null);
    },
  );
}
