import {
  AI_PROVIDERS,
  AiConfigBody,
  AiConfigSchema,
  AiModelSchema,
  AiModelsBody,
  AiProviderInfoSchema,
  EnvelopeSchema,
} from '@agora/contracts';
import { errors, type HttpApp, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { providerClient, providerProblem } from '../ai/provider-client';
import { type AiConfigCommands, isMaskedKey } from '../commands/ai-config';
import { aiSettings, providerKeys } from '../queries/ai-settings';

const ADMIN = { auth: 'admin' as const };
const mask = (key: string) => '*'.repeat(key.length);

/** `{admin}/ai-config`, `ai-provider` and `ai-models`: the assistant's provider, model, prompts and limits. */
export async function aiAdminRoutes(
  app: HttpApp,
  context: ServiceContext,
  commands: AiConfigCommands,
  settingsChanged: () => void,
) {
  const db = context.database.db;

  app.get(
    '/answer/admin/api/ai-provider',
    { config: ADMIN, schema: { response: { 200: EnvelopeSchema(Type.Array(AiProviderInfoSchema)) } } },
    async (request) =>
      ok(
        request,
        AI_PROVIDERS.map((p) => ({ ...p })),
      ),
  );

  // Every provider of the catalogue, set or not; a key only as stars, as many as it has characters.
  app.get(
    '/answer/admin/api/ai-config',
    { config: ADMIN, schema: { response: { 200: EnvelopeSchema(AiConfigSchema) } } },
    async (request) => {
      const [settings, keys] = await Promise.all([aiSettings(db), providerKeys(db)]);
      return ok(request, {
        enabled: settings.enabled,
        chosen_provider: settings.chosen_provider,
        ai_providers: AI_PROVIDERS.map((catalogue) => {
          const set = settings.providers.find((p) => p.provider === catalogue.name);
          return {
            provider: catalogue.name,
            api_host: set?.api_host ?? catalogue.default_api_host,
            api_key: mask(keys.get(catalogue.name) ?? ''),
            model: set?.model ?? '',
          };
        }),
        prompt_config: settings.prompts,
        chats_per_hour: settings.chats_per_hour,
        max_reply_tokens: settings.max_reply_tokens,
        embedding_model: settings.embedding_model,
      });
    },
  );

  app.put(
    '/answer/admin/api/ai-config',
    { config: ADMIN, schema: { body: AiConfigBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await commands.configure(request.actor, request.body);
      settingsChanged();
      return ok(request, null);
    },
  );

  // The models a provider offers, asked with the host and key typed (a key shown as stars: the stored one).
  app.post(
    '/answer/admin/api/ai-models',
    { config: ADMIN, schema: { body: AiModelsBody, response: { 200: EnvelopeSchema(Type.Array(AiModelSchema)) } } },
    async (request) => {
      const { api_host: host, api_key: typed } = request.body;
      let key = typed.trim();
      if (isMaskedKey(typed)) {
        const [settings, keys] = await Promise.all([aiSettings(db), providerKeys(db)]);
        const byHost = settings.providers.find((p) => p.api_host === host.trim());
        key = keys.get(byHost?.provider ?? settings.chosen_provider) ?? '';
      }
      try {
        const models = [];
        for await (const model of providerClient(host, key, 15_000).models.list()) {
          models.push({
            id: model.id,
            object: model.object ?? 'model',
            created: Number(model.created ?? 0),
            owned_by: model.owned_by ?? '',
          });
          if (models.length >= 500) break;
        }
        return ok(request, models);
      } catch (error) {
        const problem = providerProblem(error);
        throw errors.business('error.ai.provider', problem.key, 'toast', problem.params);
      }
    },
  );
}
