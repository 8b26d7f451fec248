import { type Guard, guards } from '@agora/kit';
import { type ComponentType, lazy } from 'react';
import { TagListPage } from './pages/tag-list';
import { TagPage } from './pages/tag-page';

export interface Screen {
  key: string;
  guards: Guard[];
  Page: ComponentType<{ params: string[] }>;
  params: string[];
}

const TagInfoPage = lazy(() => import('./pages/tag-info').then((m) => ({ default: m.TagInfoPage })));
const TagFormPage = lazy(() => import('./pages/tag-form').then((m) => ({ default: m.TagFormPage })));

/**
 * The screen of a /tags path (spec §2); null for a tag timeline (drawn by the questions app), undefined
 * for a path that does not exist.
 */
export function screenFor(pathname: string): Screen | null | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [, a, b] = parts;
  if (parts[0] !== 'tags') return undefined;
  if (!a) return { key: 'list', guards: [], Page: TagListPage, params: [] };
  if (a === 'create' && !b) {
    return { key: 'create', guards: [guards.adminOrModerator], Page: TagFormPage, params: [] };
  }
  if (parts.length === 2) return { key: `tag-${a}`, guards: [], Page: TagPage, params: [a] };
  if (parts.length === 3 && b === 'info') return { key: `info-${a}`, guards: [], Page: TagInfoPage, params: [a] };
  if (parts.length === 3 && b === 'edit') {
    return { key: `edit-${a}`, guards: [guards.activated, guards.notForbidden], Page: TagFormPage, params: [a] };
  }
  if (parts.length === 3 && b === 'timeline') return null;
  return undefined;
}
