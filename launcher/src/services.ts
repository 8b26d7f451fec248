import { assistantService } from '@agora/assistant';
import { badgesService } from '@agora/badges';
import { identityService } from '@agora/identity';
import { moderationService } from '@agora/moderation';
import { notificationsService } from '@agora/notifications';
import type { ServiceModule } from '@agora/platform';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { votesService } from '@agora/votes';

/** Every service the embedded process hosts, in start order. */
export const ALL_SERVICES: ServiceModule[] = [
  siteService,
  identityService,
  postsService,
  votesService,
  tagsService,
  searchService,
  badgesService,
  moderationService,
  notificationsService,
  assistantService,
];
