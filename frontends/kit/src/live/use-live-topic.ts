import type { LiveMessage } from '@agora/contracts/live/messages';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveTab } from './live-tab';
import { IDLE, type LiveState } from './relay-messages';

/**
 * Follows a topic while the component is mounted (`null`: none): each new message of it is handed to `onMessage`,
 * and `onReload` is called when the page's reads are to be done again. The browser's one stream carries it.
 */
export function useLiveTopic(
  topic: string | null,
  onMessage: (message: LiveMessage) => void,
  onReload?: () => void,
): void {
  const latest = useRef({ onMessage, onReload });
  latest.current = { onMessage, onReload };
  useEffect(() => {
    if (topic === null) return;
    return liveTab().subscribe(topic, {
      onMessage: (message) => latest.current.onMessage(message),
      onReload: () => latest.current.onReload?.(),
    });
  }, [topic]);
}

const subscribe = (listener: () => void) => liveTab().state.subscribe(listener);
const snapshot = () => liveTab().state.get();
const serverSnapshot = () => IDLE;

export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Is the stream open and carrying this topic? While it is not, the page polls. */
export function useLiveOpen(topic: string | null): boolean {
  const state = useLiveState();
  return topic !== null && state.phase === 'open' && state.granted.includes(topic);
}
