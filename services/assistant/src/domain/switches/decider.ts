import type { EventOf, McpSwitched } from '@agora/contracts';
import type { Decider } from '@agora/platform';

export type SwitchEvent = EventOf<typeof McpSwitched>;
export interface SwitchState {
  enabled: boolean;
}
export interface SetMcp {
  type: 'set';
  enabled: boolean;
  actorId: string;
}

export const MCP_SWITCH_STREAM = 'assistant-mcp';

/** The MCP server's switch: off until an admin turns it on, as the reference ships it. */
export const mcpSwitchDecider: Decider<SwitchState, SetMcp, SwitchEvent> = {
  initialState: () => ({ enabled: false }),
  evolve: (_state, event) => ({ enabled: event.data.enabled }),
  decide: (command, state) =>
    command.enabled === state.enabled
      ? []
      : [{ type: 'assistant.mcp_switched', data: { enabled: command.enabled, actor_id: command.actorId } }],
};
