import { createStore, useStore } from '../store';

/**
 * Whether the server said it is temporarily unavailable (503: its database is down or restarting). The
 * session is kept; a notice shows until a later call succeeds (docs/adr/0045-database-outage.md).
 */
const unavailableStore = createStore(false);

export function markUnavailable(): void {
  unavailableStore.set(true);
}

export function markAvailable(): void {
  unavailableStore.set(false);
}

export function useServiceUnavailable(): boolean {
  return useStore(unavailableStore);
}
