import type { Projection, ServiceModule } from '@agora/platform';
import { searchMigrations } from './migrations';
import { postDocumentsProjection } from './projections/documents/posts';
import { voteCountsProjection } from './projections/documents/votes';
import { tagCatalogProjection } from './projections/tag-catalog/projection';
import { searchRoutes } from './routes/search';
import { searchFor } from './runtime';

/** The projections that make search's read model, rebuilt together by `search reindex --from-events`. */
export const searchReadModelProjections: Projection[] = [
  postDocumentsProjection,
  voteCountsProjection,
  tagCatalogProjection,
];

/** Search (DESIGN §6): the index of questions and answers, `search`, `search/desc` and `question/similar`. */
export const searchService: ServiceModule = {
  name: 'search',
  migrations: searchMigrations,
  events: [],
  async routes(app, context) {
    await searchRoutes(app, searchFor(context));
  },
  projections: () => searchReadModelProjections,
  async background(context) {
    const runtime = searchFor(context);
    runtime.startFeeder();
    return { stop: () => runtime.stop() };
  },
};
