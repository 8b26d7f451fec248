import type { ApiKeyScope, NewEvent } from '@agora/contracts';
import { type Actor, type Decider, executeCommand, type ServiceContext } from '@agora/platform';
import { apiKeyDecider, apiKeyStreamId } from '../domain/api-key/decider';
import { maskKey, newApiKey, sha256OfKey } from '../domain/api-key/secret';
import { MCP_SWITCH_STREAM, mcpSwitchDecider } from '../domain/switches/decider';
import { applyOwnEvent } from '../projections/own/read-model';
import { nextKeyNumber } from '../queries/api-keys';

const MAX_NUMBER_ATTEMPTS = 5;

/** What admins do to API keys and to the MCP switch (`{admin}/api-key`, `{admin}/mcp-config`). */
export class AssistantCommands {
  constructor(private readonly context: ServiceContext) {}

  private async run<S, C, E extends NewEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C,
    actor: Actor,
    newStream = false,
  ): Promise<number> {
    const { events } = await executeCommand({
      db: this.context.database.db,
      store: this.context.store,
      streamId,
      decider,
      command,
      metadata: { actorId: actor.id },
      newStream,
      project: async (tx, events) => {
        for (const event of events) await applyOwnEvent(tx, event);
      },
    });
    this.context.changes.changed();
    return events.length;
  }

  /** A new key for the admin who asks: the only time the key itself is ever answered. */
  async createKey(actor: Actor, description: string, scope: ApiKeyScope): Promise<{ access_key: string }> {
    const key = newApiKey();
    // Keys are numbered one after another, as the reference's wire has them; two admins taking the same number at
    // once meet on its stream, and the one that finds it taken takes the next.
    for (let attempt = 1; ; attempt++) {
      const keyId = await nextKeyNumber(this.context.database.db);
      const created = await this.run(
        apiKeyStreamId(keyId),
        apiKeyDecider,
        {
          type: 'create',
          keyId,
          userId: actor.id,
          description,
          scope,
          keySha256: sha256OfKey(key),
          masked: maskKey(key),
        },
        actor,
        true,
      );
      if (created > 0) return { access_key: key };
      if (attempt >= MAX_NUMBER_ATTEMPTS) throw new Error('no free API key number after several attempts');
    }
  }

  async describeKey(actor: Actor, keyId: number, description: string): Promise<void> {
    await this.run(
      apiKeyStreamId(keyId),
      apiKeyDecider,
      { type: 'describe', keyId, actorId: actor.id, description },
      actor,
    );
  }

  async revokeKey(actor: Actor, keyId: number): Promise<void> {
    await this.run(apiKeyStreamId(keyId), apiKeyDecider, { type: 'revoke', keyId, actorId: actor.id }, actor);
  }

  async switchMcp(actor: Actor, enabled: boolean): Promise<void> {
    await this.run(MCP_SWITCH_STREAM, mcpSwitchDecider, { type: 'set', enabled, actorId: actor.id }, actor);
  }
}
