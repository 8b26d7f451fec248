import { PostsEvents } from '@agora/contracts';
import { actionRecordRoute, captchaHooks, captchasFor, type ServiceContext, type ServiceModule } from '@agora/platform';
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

const partsOf = new WeakMap<ServiceContext, { posts: Posts; views: ViewCounter }>();

export function postsFor(context: ServiceContext) {
  let parts = partsOf.get(context);
  if (!parts) {
    parts = { posts: new Posts(context), views: new ViewCounter(context) };
    partsOf.set(context, parts);
  }
  return parts;
}

/** Questions, answers, comments, revisions, timelines (DESIGN §6). */
export const postsService: ServiceModule = {
  name: 'posts',
  migrations: postsMigrations,
  events: PostsEvents,
  async routes(app, context) {
    const { posts, views } = postsFor(context);
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
  projections: (context) => [
    contentRemovalProjection(postsFor(context).posts),
    revisionDecisionsProjection(postsFor(context).posts),
    tagCatalogProjection,
    voteCountsProjection,
  ],
  async background(context) {
    const { views } = postsFor(context);
    views.start();
    return { stop: () => views.stop() };
  },
};
