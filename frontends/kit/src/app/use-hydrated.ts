import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False on the server and while the browser hydrates what the server drew; true in every render after. A part
 * only a browser reads for (a post's reactions) draws its server form until then, so the markup hydrates equal.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
