import { AVATAR_URL_PATTERN, Limits, USERNAME_PATTERN } from '@agora/contracts';
import { Type } from 'typebox';

export const Email = Type.String({ minLength: 1, maxLength: Limits.user.emailMaxLength, format: 'email' });
export const Password = Type.String({ minLength: Limits.password.minLength, maxLength: Limits.password.maxLength });
export const DisplayName = Type.String({
  minLength: Limits.user.displayNameMinLength,
  maxLength: Limits.user.displayNameMaxLength,
});
export const Username = Type.String({
  minLength: Limits.user.usernameMinLength,
  maxLength: Limits.user.usernameMaxLength,
  pattern: USERNAME_PATTERN,
});
export { CaptchaFields } from '@agora/platform';
export const Code = Type.String({ minLength: 1, maxLength: 500 });
/** A custom or Gravatar avatar URL: empty, http(s), or one of the site's uploads (never `javascript:`). */
export const AvatarUrl = Type.Union([Type.Literal(''), Type.String({ maxLength: 1024, pattern: AVATAR_URL_PATTERN })]);
