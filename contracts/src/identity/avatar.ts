import { createHash } from 'node:crypto';
import type { SiteSettings } from '../site/settings';

export interface AvatarSource {
  avatar: { type?: string; gravatar?: string; custom?: string };
  email: string;
}

/** The avatar URL the client draws: a custom upload, a Gravatar, or none (the client's default). */
export function avatarUrl(user: AvatarSource, settings: Pick<SiteSettings, 'users'>): string {
  const type = user.avatar.type || settings.users.default_avatar;
  if (type === 'custom' && user.avatar.custom) return user.avatar.custom;
  if (type === 'gravatar') {
    const digest = createHash('md5').update(user.email.trim().toLowerCase()).digest('hex');
    return `${user.avatar.gravatar || settings.users.gravatar_base_url}${digest}`;
  }
  return '';
}
