/**
 * The tags micro-frontend's server entry (docs/adr/0066-server-rendered-public-pages.md): its public pages and
 * the same root component the browser mounts.
 */
import { TagsApp } from './app';
import { ROUTE_TABLE } from './routes';
import { tagListPage } from './server/tag-list-page';
import { tagPage } from './server/tag-page';

export const tagsServer = {
  name: '@agora/tags',
  App: TagsApp,
  routes: ROUTE_TABLE,
  pages: [tagListPage, tagPage],
};
