import type { ServiceModule } from '@agora/platform';

/** Search (DESIGN §6). */
export const searchService: ServiceModule = {
  name: 'search',
  migrations: {},
  events: [],
  async routes() {},
};
