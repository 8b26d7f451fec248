import { type Projection, partsOf, type RunningService, type ServiceModule } from '@agora/platform';
import { searchMigrations } from './migrations';
import { questionFollowsProjection } from './projections/documents/follows';
import { postDocumentsProjection } from './projections/documents/posts';
import { voteCountsProjection } from './projections/documents/votes';
import { tagCatalogProjection } from './projections/tag-catalog/projection';
import { searchRoutes } from './routes/search';
import { SearchRuntime } from './runtime';

/** The projections that make search's read model, rebuilt together by `search reindex --from-events`. */
export const searchReadModelProjections: Projection[] = [
  postDocumentsProjection,
  voteCountsProjection,
  questionFollowsProjection,
  tagCatalogProjection,
];

/** Search (DESIGN §6): the index of questions and answers, `search`, `search/desc` and `question/similar`. */
export const searchService: ServiceModule<SearchRuntime> = {
  name: 'search',
  migrations: searchMigrations,
  events: [],
  setup: (context) => new SearchRuntime(context),
  async routes(app, _context, runtime) {
    await searchRoutes(app, runtime);
  },
  projections: () => searchReadModelProjections,
  async background(_context, runtime) {
    runtime.startFeeder();
    return { stop: () => runtime.stop() };
  },
};

/** A running search instance's runtime (tests and benchmarks drain its feeder and reach its index). */
export function searchFor(service: RunningService): SearchRuntime {
  return partsOf(service, searchService);
}
