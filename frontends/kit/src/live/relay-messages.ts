import type { LiveMessage } from '@agora/contracts/live/messages';

/** Where the browser's one stream stands, as every tab sees it. */
export interface LiveState {
  /** `fallback`: the stream cannot be opened; pages poll. */
  phase: 'idle' | 'connecting' | 'open' | 'fallback';
  /** The topics the open stream carries. */
  granted: string[];
}

export const IDLE: LiveState = { phase: 'idle', granted: [] };

/**
 * What the tabs of a browser say to each other on their BroadcastChannel: the leading tab holds the stream and
 * relays; every other sends it its topics.
 */
export type RelayPost =
  /** A tab's whole set of topics (to the leader). */
  | { kind: 'topics'; tab: string; topics: string[] }
  /** A tab closes (to the leader). */
  | { kind: 'bye'; tab: string }
  /** A tab became the leader: every tab sends it its topics again. */
  | { kind: 'leader'; tab: string }
  /** A message, with the stream's id after it: where a new leader resumes. */
  | { kind: 'message'; message: LiveMessage; id: string }
  | { kind: 'state'; state: LiveState; id: string | null }
  /** Read the pages of these topics again: the stream could not resume, or a topic was refused. */
  | { kind: 'reload'; topics: string[] };
