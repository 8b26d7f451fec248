/** @agora/admin: the admin area (dashboard, users, settings), as single-spa lifecycles. */
import { createLifecycles } from '@agora/kit';
import { AdminApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(AdminApp);
