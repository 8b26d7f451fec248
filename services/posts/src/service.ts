import { PostsEvents } from '@agora/contracts';
import {
  actionRecordRoute,
  captchaHooks,
  captchasFor,
  partsOf,
  type RunningService,
  type ServiceModule,
} from '@agora/platform';
import { Posts } from './commands/posts';
import { postsMigrations } from './migrations';
import { contentRemovalProjection } from './projections/content-removal/projection';
import { revisionDecisionsProjection } from './projections/revision-decisions/projection';
import { tagCatalogProjection } from './projections/tags/projection';
import { voteCountsProjection } from './projections/votes/projection';
import { answerRoutes } from './routes/answers';
import { commentRoutes } from './routes/comments';
import { permalinkHooks } from './routes/permalinks';
import { personalRoutes } from './routes/personal';
import { questionRoutes } from './routes/questions';
import { revisionRoutes } from './routes/revisions';
import { timelineRoutes } from './routes/timeline';
import { ViewCounter } from './views/view-counter';

/** One posts instance's parts. */
export interface PostsParts {
  posts: Posts;
  views: ViewCounter;
}

/** Questions, answers, comments, revisions, timelines (DESIGN §6). */
export const postsService: ServiceModule<PostsParts> = {
  name: 'posts',
  migrations: postsMigrations,
  events: PostsEvents,
  setup: (context) => ({ posts: new Posts(context), views: new ViewCounter(context) }),
  async routes(app, context, { posts, views }) {
    await permalinkHooks(app, context);
    const captchas = captchasFor(context);
    captchaHooks(app, captchas);
    await actionRecordRoute(app, captchas, {
      question: 'question',
      answer: 'answer',
      comment: 'comment',
      edit: 'edit',
      delete: 'delete',
      invitation_answer: 'invitation_answer',
    });
    await questionRoutes(app, posts, views);
    await answerRoutes(app, posts);
    await commentRoutes(app, posts);
    await timelineRoutes(app, posts);
    await revisionRoutes(app, posts);
    await personalRoutes(app, posts);
  },
  projections: (_context, { posts }) => [
    contentRemovalProjection(posts),
    revisionDecisionsProjection(posts),
    tagCatalogProjection,
    voteCountsProjection,
  ],
  async background(_context, { views }) {
    views.start();
    return { stop: () => views.stop() };
  },
};

/** A running posts instance's parts (tests, benchmarks and the seed script reach its commands through them). */
export function postsFor(service: RunningService): PostsParts {
  return partsOf(service, postsService);
}
