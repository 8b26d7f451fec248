/**
 * @agora/questions: question list and detail, ask and edit, timelines and search, the AI assistant's page, as
 * single-spa lifecycles.
 */
import { createLifecycles } from '@agora/kit';
import { QuestionsApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(QuestionsApp, { name: '@agora/questions' });
