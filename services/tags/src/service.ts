import type { ServiceModule } from '@agora/platform';

/** Tags (DESIGN §6). */
export const tagsService: ServiceModule = {
  name: 'tags',
  migrations: {},
  events: [],
  async routes() {},
};
