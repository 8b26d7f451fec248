import type { ApiKeyCreated, ApiKeyDescribed, ApiKeyRevoked, ApiKeyScope, EventOf } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type ApiKeyEvent =
  | EventOf<typeof ApiKeyCreated>
  | EventOf<typeof ApiKeyDescribed>
  | EventOf<typeof ApiKeyRevoked>;

export interface ApiKeyState {
  exists: boolean;
  revoked: boolean;
  description: string;
}

export type ApiKeyCommand =
  | {
      type: 'create';
      keyId: number;
      userId: string;
      description: string;
      scope: ApiKeyScope;
      keySha256: string;
      masked: string;
    }
  | { type: 'describe'; keyId: number; actorId: string; description: string }
  | { type: 'revoke'; keyId: number; actorId: string };

export const apiKeyStreamId = (keyId: number) => `api-key-${keyId}`;

/** An API key's life: created once, its description changed, revoked for good. */
export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = {
  initialState: () => ({ exists: false, revoked: false, description: '' }),
  evolve(state, event) {
    switch (event.type) {
      case 'assistant.api_key_created':
        return { exists: true, revoked: false, description: event.data.description };
      case 'assistant.api_key_described':
        return { ...state, description: event.data.description };
      case 'assistant.api_key_revoked':
        return { ...state, revoked: true };
    }
  },
  decide(command, state) {
    if (command.type === 'create') {
      if (state.exists) return [];
      return [
        {
          type: 'assistant.api_key_created',
          data: {
            key_id: command.keyId,
            user_id: command.userId,
            description: command.description,
            scope: command.scope,
            key_sha256: command.keySha256,
            masked: command.masked,
          },
        },
      ];
    }
    if (!state.exists || state.revoked) throw errors.notFound('error.api_key.not_found');
    if (command.type === 'describe') {
      if (command.description === state.description) return [];
      return [
        {
          type: 'assistant.api_key_described',
          data: { key_id: command.keyId, actor_id: command.actorId, description: command.description },
        },
      ];
    }
    return [{ type: 'assistant.api_key_revoked', data: { key_id: command.keyId, actor_id: command.actorId } }];
  },
};
