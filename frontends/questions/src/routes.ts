import { type Guard, guards } from '@agora/kit';
import { type ComponentType, lazy } from 'react';
import { HomePage } from './pages/home';

export interface Screen {
  /** Guards and the page stay mounted while the key is the same. */
  key: string;
  guards: Guard[];
  Page: ComponentType<{ params: string[] }>;
  params: string[];
}

const page = <T extends Record<string, ComponentType<{ params: string[] }>>>(load: () => Promise<T>, name: keyof T) =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType<{ params: string[] }> })));

// Every screen but the list is loaded when first opened (the list is the cold page, spec budgets).
const DetailPage = page(() => import('./pages/question-detail'), 'QuestionDetailPage');
const AskPage = page(() => import('./pages/ask'), 'AskPage');
const EditQuestionPage = page(() => import('./pages/edit-question'), 'EditQuestionPage');
const EditAnswerPage = page(() => import('./pages/edit-answer'), 'EditAnswerPage');
const TimelinePage = page(() => import('./pages/timeline'), 'TimelinePage');
const SearchPage = page(() => import('./pages/search'), 'SearchPage');

const activated = [guards.activated, guards.notForbidden];

/** The screen of a path (spec §2 routes); undefined for a path this micro-frontend does not have. */
export function screenFor(pathname: string): Screen | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const [area, a, b, c] = parts;
  if (parts.length === 0 || (area === 'questions' && parts.length === 1)) {
    return { key: 'home', guards: [], Page: HomePage, params: [] };
  }
  if (area === 'questions' && a === 'ask' && parts.length === 2) {
    return { key: 'ask', guards: activated, Page: AskPage, params: [] };
  }
  if (area === 'questions' && a && parts.length <= 4) {
    return { key: `question-${a}`, guards: [], Page: DetailPage, params: parts.slice(1) };
  }
  if (area === 'posts' && a) {
    if (b === 'edit' && parts.length === 3)
      return { key: 'edit-q', guards: activated, Page: EditQuestionPage, params: [a] };
    if (c === 'edit' && b && parts.length === 4) {
      return { key: 'edit-a', guards: activated, Page: EditAnswerPage, params: [a, b] };
    }
    if (b === 'timeline' && parts.length === 3)
      return { key: 'tl', guards: [guards.logged], Page: TimelinePage, params: [a] };
    if (c === 'timeline' && b && parts.length === 4) {
      return { key: 'tl-a', guards: [guards.logged], Page: TimelinePage, params: [b] };
    }
  }
  if (area === 'tags' && a && b === 'timeline' && parts.length === 3) {
    return { key: 'tl-t', guards: [guards.logged], Page: TimelinePage, params: [a] };
  }
  if (area === 'search' && parts.length === 1) return { key: 'search', guards: [], Page: SearchPage, params: [] };
  return undefined;
}
