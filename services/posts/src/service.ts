import { PostsEvents } from '@agora/contracts';
import {
  actionRecordRoute,
  captchaHooks,
  captchasFor,
  partsOf,
  type RunningService,
  type ServiceContext,
  type ServiceModule,
} from '@agora/platform';
import { AnswerCommands } from './commands/answers';
import { CommentCommands } from './commands/comments';
import { PostStreams } from './commands/post-streams';
import { PurgeCommands } from './commands/purges';
import { QuestionFollowCommands } from './commands/question-follows';
import { QuestionCommands } from './commands/questions';
import { QuestionRetagging } from './commands/retagging';
import { RevisionCommands } from './commands/revisions';
import { postsExporter } from './export/posts-export';
import { postsImporter } from './import/import-sink';
import { postsMigrations } from './migrations';
import { questionTitlesProjection } from './projections/question-titles/projection';
import { tagCatalogProjection } from './projections/tag-catalog/projection';
import { tagFollowsProjection } from './projections/tag-follows/projection';
import { voteCountsProjection } from './projections/vote-counts/projection';
import { PostsReads } from './queries/reads';
import { adminContentRoutes } from './routes/admin-contents';
import { answerRoutes } from './routes/answers';
import { commentRoutes } from './routes/comments';
import { invitationRoutes } from './routes/invitations';
import { linkedRoutes } from './routes/linked';
import { permalinkHooks } from './routes/permalinks';
import { personalRoutes } from './routes/personal';
import { purgeRoutes } from './routes/purges';
import { questionFollowRoutes } from './routes/question-follows';
import { questionStaffRoutes } from './routes/question-staff';
import { questionRoutes } from './routes/questions';
import { recommendedRoutes } from './routes/recommended';
import { revisionRoutes } from './routes/revisions';
import { similarRoutes } from './routes/similar';
import { sitemapRoutes } from './routes/sitemap';
import { timelineRoutes } from './routes/timeline';
import { contentRemovalProjection } from './sagas/content-removal';
import { flagDecisionsProjection } from './sagas/flag-decisions';
import { heldPostDecisionsProjection } from './sagas/held-post-decisions';
import { revisionDecisionsProjection } from './sagas/revision-decisions';
import { tagMergesSaga } from './sagas/tag-merges';
import { ViewCounter } from './views/view-counter';

/** One posts instance's parts: a command object per aggregate (and per question follow), the read side, the view counter. */
export interface PostsParts {
  questions: QuestionCommands;
  answers: AnswerCommands;
  comments: CommentCommands;
  revisions: RevisionCommands;
  follows: QuestionFollowCommands;
  purges: PurgeCommands;
  retagging: QuestionRetagging;
  reads: PostsReads;
  views: ViewCounter;
}

function setUpPosts(context: ServiceContext): PostsParts {
  const streams = new PostStreams(context);
  return {
    questions: new QuestionCommands(context, streams),
    answers: new AnswerCommands(context, streams),
    comments: new CommentCommands(context, streams),
    revisions: new RevisionCommands(streams),
    follows: new QuestionFollowCommands(context, streams),
    purges: new PurgeCommands(context.database.db, streams),
    retagging: new QuestionRetagging(context.database.db, streams),
    reads: new PostsReads(context),
    views: new ViewCounter(context),
  };
}

/** Questions, answers, comments, revisions, timelines (DESIGN §6). */
export const postsService: ServiceModule<PostsParts> = {
  name: 'posts',
  migrations: postsMigrations,
  events: PostsEvents,
  setup: setUpPosts,
  async routes(app, context, parts) {
    const { questions, answers, comments, reads } = parts;
    await permalinkHooks(app, reads);
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
    await questionRoutes(app, parts);
    await invitationRoutes(app, parts);
    await recommendedRoutes(app, reads);
    await similarRoutes(app, reads);
    await linkedRoutes(app, reads);
    await questionStaffRoutes(app, questions);
    await answerRoutes(app, { answers, questions, reads });
    await commentRoutes(app, { comments, reads });
    await timelineRoutes(app, reads);
    await revisionRoutes(app, reads);
    await personalRoutes(app, reads);
    await questionFollowRoutes(app, parts.follows);
    await adminContentRoutes(app, { questions, answers, reads });
    await purgeRoutes(app, parts.purges);
    await sitemapRoutes(app, reads);
  },
  projections: (context, parts) => [
    contentRemovalProjection(parts),
    flagDecisionsProjection(parts, context.store, context.log),
    revisionDecisionsProjection(parts.revisions),
    heldPostDecisionsProjection(parts.revisions),
    tagMergesSaga(parts.retagging),
    tagCatalogProjection,
    tagFollowsProjection,
    voteCountsProjection,
    questionTitlesProjection,
  ],
  importer: postsImporter,
  exporter: postsExporter,
  async background(_context, { views }) {
    views.start();
    return { stop: () => views.stop() };
  },
};

/** A running posts instance's parts (tests, benchmarks and the seed script reach its commands through them). */
export function postsFor(service: RunningService): PostsParts {
  return partsOf(service, postsService);
}
