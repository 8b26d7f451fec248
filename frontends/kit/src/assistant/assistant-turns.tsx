import { Stack } from '@mui/material';
import type { AiRecord } from '../api/wire';
import { TurnView } from './turn-view';
import { turnsOf } from './turns';

/** A stored conversation's turns, to read only (the admins' view of a member's conversation). */
export function AssistantTurns({ records }: { records: readonly AiRecord[] }) {
  return (
    <Stack spacing={3} data-testid="assistant-turns">
      {turnsOf(records).map((turn) => (
        <TurnView key={turn.key} turn={turn} />
      ))}
    </Stack>
  );
}
