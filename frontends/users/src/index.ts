/** @agora/users: the account and badge screens, as single-spa lifecycles. */
import { createLifecycles } from '@agora/kit';
import { UsersApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(UsersApp, { name: '@agora/users' });
