import type { ServiceModule } from '@agora/platform';

/** Votes (DESIGN §6). */
export const votesService: ServiceModule = {
  name: 'votes',
  migrations: {},
  events: [],
  async routes() {},
};
