import { AVATAR_URL_PATTERN, Limits } from '@agora/contracts';
import { Type } from 'typebox';

export const Email = Type.String({ minLength: 1, maxLength: 500, format: 'email' });
export const Password = Type.String({ minLength: Limits.password.minLength, maxLength: Limits.password.maxLength });
export const DisplayName = Type.String({ minLength: 2, maxLength: Limits.user.displayNameMaxLength });
export { CaptchaFields } from '@agora/platform';
export const Code = Type.String({ minLength: 1, maxLength: 500 });
/** A custom or Gravatar avatar URL: empty, http(s), or one of the site's uploads (never `javascript:`). */
export const AvatarUrl = Type.Union([Type.Literal(''), Type.String({ maxLength: 1024, pattern: AVATAR_URL_PATTERN })]);
