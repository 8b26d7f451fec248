/**
 * The questions micro-frontend's server entry (docs/adr/0066-server-rendered-public-pages.md): its public pages
 * and the same root component the browser mounts.
 */
import { QuestionsApp } from './app';
import { ROUTE_TABLE } from './routes';
import { listPages } from './server/list-page';
import { questionPage } from './server/question-page';

export const questionsServer = {
  name: '@agora/questions',
  App: QuestionsApp,
  routes: ROUTE_TABLE,
  pages: [...listPages, questionPage],
};
