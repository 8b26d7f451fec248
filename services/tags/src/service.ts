import { TagsEvents } from '@agora/contracts';
import type { ServiceContext, ServiceModule } from '@agora/platform';
import { FollowCommands } from './commands/follows';
import { TagCommands } from './commands/tags';
import { tagsMigrations } from './migrations';
import { questionCountsProjection } from './projections/question-counts/projection';
import { TagReads } from './queries/reads';
import { followRoutes } from './routes/follows';
import { synonymRoutes } from './routes/synonyms';
import { tagRoutes } from './routes/tag';
import { tagListRoutes } from './routes/tag-lists';
import { tagTimelineRoutes } from './routes/timeline';
import { tagCreationSaga } from './sagas/tag-creation';

const partsOf = new WeakMap<ServiceContext, { tags: TagCommands; follows: FollowCommands; reads: TagReads }>();

export function tagsFor(context: ServiceContext) {
  let parts = partsOf.get(context);
  if (!parts) {
    parts = { tags: new TagCommands(context), follows: new FollowCommands(context), reads: new TagReads(context) };
    partsOf.set(context, parts);
  }
  return parts;
}

/** Tags, synonyms, tag follows, the tag wiki, recommended and reserved tags (DESIGN §6). */
export const tagsService: ServiceModule = {
  name: 'tags',
  migrations: tagsMigrations,
  events: TagsEvents,
  async routes(app, context) {
    const { tags, follows, reads } = tagsFor(context);
    await tagRoutes(app, tags);
    await tagTimelineRoutes(app, tags);
    await synonymRoutes(app, tags);
    await tagListRoutes(app, reads);
    await followRoutes(app, follows);
  },
  projections: (context) => [questionCountsProjection, tagCreationSaga(context)],
};
