import { Limits } from '@agora/contracts/limits';
import { Avatar as MuiAvatar } from '@mui/material';
import type { AvatarInfo } from '../api/wire';

/** The picture URL of an avatar given as a string or as {type, gravatar, custom}, requested at `size`. */
export function avatarSrc(avatar: string | AvatarInfo | undefined, size: number = Limits.avatar.requestedSize): string {
  let url = '';
  if (typeof avatar === 'string') url = avatar;
  else if (avatar?.type === 'custom') url = avatar.custom ?? '';
  else if (avatar?.type === 'gravatar') url = avatar.gravatar ?? '';
  if (!url || url.startsWith('data:')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}s=${size}`;
}

export interface AvatarProps {
  avatar: string | AvatarInfo | undefined;
  name: string;
  /** Drawn size in px: 36 in the header. */
  size?: number;
}

/** A user's avatar, requested at 96 px, drawn at `size`; the name's initial without a picture. */
export function Avatar({ avatar, name, size = Limits.avatar.headerSize }: AvatarProps) {
  const src = avatarSrc(avatar) || undefined;
  return (
    <MuiAvatar src={src} alt={name} sx={{ width: size, height: size, fontSize: size * 0.45 }}>
      {name.slice(0, 1).toUpperCase()}
    </MuiAvatar>
  );
}
