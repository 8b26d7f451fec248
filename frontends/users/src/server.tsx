/**
 * The users micro-frontend's server entry (docs/adr/0066-server-rendered-public-pages.md): its public page (a
 * member's profile) and the same root component the browser mounts.
 */
import { UsersApp } from './app';
import { ROUTE_TABLE } from './routes';
import { profilePage } from './server/profile-page';

export const usersServer = {
  name: '@agora/users',
  App: UsersApp,
  routes: ROUTE_TABLE,
  pages: [profilePage],
};
