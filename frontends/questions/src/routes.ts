import { guards, QUESTION_ROUTE, type Route, route } from '@agora/kit';
import { lazy } from 'react';
import { HomePage } from './pages/home';

// Every screen but the list is loaded when first opened (the list is the cold page, spec budgets).
const QuestionDetailPage = lazy(() =>
  import('./pages/question-detail').then((m) => ({ default: m.QuestionDetailPage })),
);
const AskPage = lazy(() => import('./pages/ask').then((m) => ({ default: m.AskPage })));
const EditQuestionPage = lazy(() => import('./pages/edit-question').then((m) => ({ default: m.EditQuestionPage })));
const EditAnswerPage = lazy(() => import('./pages/edit-answer').then((m) => ({ default: m.EditAnswerPage })));
const TimelinePage = lazy(() => import('./pages/timeline').then((m) => ({ default: m.TimelinePage })));
const SearchPage = lazy(() => import('./pages/search').then((m) => ({ default: m.SearchPage })));
const AssistantPage = lazy(() => import('./assistant/assistant-page').then((m) => ({ default: m.AssistantPage })));

const activated = [guards.activated, guards.notForbidden];
const home = () => 'home';

/** The screens of the questions micro-frontend, first match wins (DESIGN §7, "Routes"). */
export const ROUTE_TABLE: readonly Route[] = [
  route('/', { key: home, guards: [], Page: HomePage }),
  route('/questions', { key: home, guards: [], Page: HomePage }),
  route('/questions/ask', { guards: activated, Page: AskPage }),
  route(QUESTION_ROUTE, { key: (p) => `question-${p.questionId}`, guards: [], Page: QuestionDetailPage }),
  route('/posts/:questionId/edit', { guards: activated, Page: EditQuestionPage }),
  route('/posts/:questionId/:answerId/edit', { guards: activated, Page: EditAnswerPage }),
  route('/posts/:objectId/timeline', { guards: [guards.logged], Page: TimelinePage }),
  route('/posts/:questionId/:objectId/timeline', { guards: [guards.logged], Page: TimelinePage }),
  route('/tags/:objectId/timeline', { guards: [guards.logged], Page: TimelinePage }),
  route('/search', { guards: [], Page: SearchPage }),
  route('/ai-assistant/:conversationId?', { guards: activated, Page: AssistantPage }),
];
