/** @agora/review: the review queues (/review) as single-spa lifecycles. */
import { createLifecycles } from '@agora/kit';
import { ReviewApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(ReviewApp);
