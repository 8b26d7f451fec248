import { Limits } from '@agora/contracts/limits';
import { useEffect, useRef, useState } from 'react';
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

/**
 * A user's avatar, requested at 96 px, drawn at `size`; the name's initial without a picture or when it fails to
 * load. A bare element with the kit's static classes: it is drawn on every post of a page.
 */
export function Avatar({ avatar, name, size = Limits.avatar.headerSize }: AvatarProps) {
  const src = avatarSrc(avatar);
  const [failed, setFailed] = useState<string | null>(null);
  const picture = useRef<HTMLImageElement>(null);
  // A picture drawn by the server may have failed before the browser hydrated it, with nobody listening yet.
  useEffect(() => {
    const img = picture.current;
    if (src && img?.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  const style = { width: size, height: size, fontSize: size * 0.45 };
  return (
    <span className="ag-avatar" style={style}>
      {src && failed !== src ? (
        <img ref={picture} src={src} alt={name} onError={() => setFailed(src)} />
      ) : (
        name.slice(0, 1).toUpperCase()
      )}
    </span>
  );
}
