import { AVATAR_URL_PATTERN, Limits, USERNAME_PATTERN, WrittenText } from '@agora/contracts';
import { Type } from 'typebox';

/** A member's address wherever one is taken: at most the length the reference stores (docs/adr/0090-mail-per-recipient.md). */
export const Email = Type.String({ minLength: 1, maxLength: Limits.user.emailMaxLength, format: 'email' });
export const Password = Type.String({ minLength: Limits.password.minLength, maxLength: Limits.password.maxLength });
/** Counted without surrounding spaces: a name of spaces is no name. */
export const DisplayName = WrittenText(Limits.user.displayNameMinLength, Limits.user.displayNameMaxLength);
/** The admin's forms ask a little more of a name. */
export const AdminDisplayName = WrittenText(Limits.user.adminDisplayNameMinLength, Limits.user.displayNameMaxLength);
export const Username = Type.String({
  minLength: Limits.user.usernameMinLength,
  maxLength: Limits.user.usernameMaxLength,
  pattern: USERNAME_PATTERN,
});
export { CaptchaFields } from '@agora/platform';
export const Code = Type.String({ minLength: 1, maxLength: 500 });
/** A custom or Gravatar avatar URL: empty, http(s), or one of the site's uploads (never `javascript:`). */
export const AvatarUrl = Type.Union([Type.Literal(''), Type.String({ maxLength: 1024, pattern: AVATAR_URL_PATTERN })]);
