/** @agora/users: the account and badge screens (spec §2), as single-spa lifecycles. */
import { createLifecycles } from '@agora/kit';
import { UsersApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(UsersApp);
