import { TagsEvents } from '@agora/contracts';
import { partsOf, type RunningService, type ServiceModule } from '@agora/platform';
import { FollowCommands } from './commands/follows';
import { TagMerges } from './commands/merge';
import { TagCommands } from './commands/tags';
import { tagsExporter } from './export/tags-export';
import { tagsImporter } from './import/import-sink';
import { tagsMigrations } from './migrations';
import { questionCountsProjection } from './projections/question-counts/projection';
import { TagReads } from './queries/reads';
import { tagEditCheckRoutes } from './routes/edit-check';
import { followRoutes } from './routes/follows';
import { mergeRoutes } from './routes/merge';
import { synonymRoutes } from './routes/synonyms';
import { tagRoutes } from './routes/tag';
import { tagListRoutes } from './routes/tag-lists';
import { tagTimelineRoutes } from './routes/timeline';
import { tagRevisionDecisionsSaga } from './sagas/revision-decisions';
import { tagCreationSaga } from './sagas/tag-creation';

/** One tags instance's parts. */
export interface TagsParts {
  tags: TagCommands;
  follows: FollowCommands;
  merges: TagMerges;
  reads: TagReads;
}

/** Tags, synonyms, tag follows, the tag wiki, recommended and reserved tags (DESIGN §6). */
export const tagsService: ServiceModule<TagsParts> = {
  name: 'tags',
  migrations: tagsMigrations,
  events: TagsEvents,
  setup: (context) => ({
    tags: new TagCommands(context),
    follows: new FollowCommands(context),
    merges: new TagMerges(context),
    reads: new TagReads(context),
  }),
  async routes(app, _context, { tags, follows, merges, reads }) {
    await tagRoutes(app, tags);
    await tagTimelineRoutes(app, tags);
    await synonymRoutes(app, tags);
    await tagListRoutes(app, reads);
    await followRoutes(app, follows);
    await mergeRoutes(app, merges);
    await tagEditCheckRoutes(app, tags);
  },
  projections: (context) => [questionCountsProjection, tagCreationSaga(context), tagRevisionDecisionsSaga(context)],
  importer: tagsImporter,
  exporter: tagsExporter,
  async background(_context, { reads }) {
    reads.warm();
    return { async stop() {} };
  },
};

/** A running tags instance's parts. */
export function tagsFor(service: RunningService): TagsParts {
  return partsOf(service, tagsService);
}
