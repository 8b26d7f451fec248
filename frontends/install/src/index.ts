/** @agora/install: the first-run installation wizard, as single-spa lifecycles. */
import { createLifecycles } from '@agora/kit';
import { InstallApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(InstallApp);
