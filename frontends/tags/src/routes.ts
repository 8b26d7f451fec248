import { guards, type Route, route } from '@agora/kit';
import { lazy } from 'react';
import { TagListPage } from './pages/tag-list';
import { TagPage } from './pages/tag-page';

const TagInfoPage = lazy(() => import('./pages/tag-info').then((m) => ({ default: m.TagInfoPage })));
const TagFormPage = lazy(() => import('./pages/tag-form').then((m) => ({ default: m.TagFormPage })));

/** The /tags screens, first match wins (DESIGN §7, "Routes"). */
export const ROUTE_TABLE: readonly Route[] = [
  route('/tags', { guards: [], Page: TagListPage }),
  route('/tags/create', { guards: [guards.adminOrModerator], Page: TagFormPage }),
  route('/tags/:tagName', { key: (p) => `tag-${p.tagName}`, guards: [], Page: TagPage }),
  route('/tags/:tagName/info', { key: (p) => `info-${p.tagName}`, guards: [], Page: TagInfoPage }),
  route('/tags/:tagId/edit', {
    key: (p) => `edit-${p.tagId}`,
    guards: [guards.activated, guards.notForbidden],
    Page: TagFormPage,
  }),
  // A tag's timeline is the questions micro-frontend's.
  route('/tags/:tagId/timeline', { guards: [], Page: null }),
];
