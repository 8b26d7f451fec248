import { avatarUrl, type SiteSettings } from '@agora/contracts';
import type { AuthorCardRow } from '@agora/platform';

export type ActorCardRow = AuthorCardRow & { role_id: number };

export const avatarOf = (row: ActorCardRow, settings: SiteSettings) => avatarUrl(row, settings);
