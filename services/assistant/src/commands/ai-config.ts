import { AI_PROVIDERS, type AiConfigInput } from '@agora/contracts';
import { type Actor, errors, executeCommand, type FieldProblem, type ServiceContext } from '@agora/platform';
import { sql } from 'kysely';
import { AI_CONFIG_STREAM, aiConfigDecider } from '../domain/ai-config/decider';
import type { AiSettings } from '../domain/ai-config/defaults';
import { applyOwnEvent } from '../projections/own/read-model';
import { aiSettings, providerKeys } from '../queries/ai-settings';

/** A key sent back as it was shown (`*` as long as it is): the stored one stays. */
export const isMaskedKey = (key: string) => key.length > 0 && /^\*+$/.test(key);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** `PUT {admin}/ai-config`: the settings (into the log) and the providers' keys (beside it, never into it). */
export class AiConfigCommands {
  constructor(private readonly context: ServiceContext) {}

  async configure(actor: Actor, input: AiConfigInput): Promise<void> {
    const db = this.context.database.db;
    const [stored, keys] = await Promise.all([aiSettings(db), providerKeys(db)]);
    const problems: FieldProblem[] = [];
    const providers = input.ai_providers.map((given, index) => {
      const catalogue = AI_PROVIDERS.find((p) => p.name === given.provider);
      const apiHost = given.api_host.trim() || catalogue?.default_api_host || '';
      if (!isHttpUrl(apiHost)) problems.push({ field: `ai_providers.${index}.api_host`, key: 'validation.url' });
      const apiKey = isMaskedKey(given.api_key) ? (keys.get(given.provider) ?? '') : given.api_key.trim();
      return { provider: given.provider, api_host: apiHost, model: given.model.trim(), apiKey };
    });
    if (new Set(providers.map((p) => p.provider)).size !== providers.length) {
      problems.push({ field: 'ai_providers', key: 'validation.invalid' });
    }
    const chosen = providers.find((p) => p.provider === input.chosen_provider);
    if (input.enabled && !chosen) problems.push({ field: 'chosen_provider', key: 'validation.required' });
    if (input.enabled && chosen && !chosen.model) {
      problems.push({ field: `ai_providers.${providers.indexOf(chosen)}.model`, key: 'validation.required' });
    }
    if (problems.length > 0) throw errors.fields(...problems);
    const settings: AiSettings = {
      enabled: input.enabled,
      chosen_provider: input.chosen_provider,
      providers: providers.map((p) => ({
        provider: p.provider,
        api_host: p.api_host,
        model: p.model,
        has_key: !!p.apiKey,
      })),
      prompts: input.prompt_config ?? stored.prompts,
      chats_per_hour: input.chats_per_hour ?? stored.chats_per_hour,
      max_reply_tokens: input.max_reply_tokens ?? stored.max_reply_tokens,
      embedding_model: input.embedding_model?.trim() || stored.embedding_model,
    };
    await executeCommand({
      db,
      store: this.context.store,
      streamId: AI_CONFIG_STREAM,
      decider: aiConfigDecider,
      command: { type: 'configure', settings, actorId: actor.id },
      metadata: { actorId: actor.id },
      project: async (tx, events) => {
        for (const event of events) await applyOwnEvent(tx, event);
      },
    });
    // The keys, kept beside the settings and never in their event; a new key for the same settings records no event.
    await db.transaction().execute(async (tx) => {
      for (const p of providers) {
        if (p.apiKey) {
          await sql`insert into ai_provider_keys (provider, api_key) values (${p.provider}, ${p.apiKey})
                    on conflict (provider) do update set api_key = excluded.api_key`.execute(tx);
        } else {
          await sql`delete from ai_provider_keys where provider = ${p.provider}`.execute(tx);
        }
      }
    });
    this.context.changes.changed();
  }
}
