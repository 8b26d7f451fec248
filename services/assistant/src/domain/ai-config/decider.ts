import type { AiConfigured, EventOf } from '@agora/contracts';
import type { Decider } from '@agora/platform';
import { type AiSettings, DEFAULT_AI_SETTINGS } from './defaults';

export type AiConfigEvent = EventOf<typeof AiConfigured>;
export interface ConfigureAi {
  type: 'configure';
  settings: AiSettings;
  actorId: string;
}

export const AI_CONFIG_STREAM = 'assistant-ai-config';

const same = (a: AiSettings, b: AiSettings) => JSON.stringify(a) === JSON.stringify(b);

/** The AI settings: saving them unchanged records nothing. */
export const aiConfigDecider: Decider<AiSettings, ConfigureAi, AiConfigEvent> = {
  initialState: () => DEFAULT_AI_SETTINGS,
  evolve: (_state, event) => {
    const { actor_id: _actor, ...settings } = event.data;
    return settings;
  },
  decide: (command, state) =>
    same(command.settings, state)
      ? []
      : [{ type: 'assistant.ai_configured', data: { ...command.settings, actor_id: command.actorId } }],
};
