import { avatarUrl, type SiteSettings } from '@agora/contracts';

export interface ActorCardRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: { type?: string; gravatar?: string; custom?: string };
  rank: number;
  role_id: number;
  status: string;
  language: string;
  suspended_until: Date | null;
}

export const avatarOf = (row: ActorCardRow, settings: SiteSettings) => avatarUrl(row, settings);
