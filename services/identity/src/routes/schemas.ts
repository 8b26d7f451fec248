import { Limits } from '@agora/contracts';
import { Type } from 'typebox';

export const Email = Type.String({ minLength: 1, maxLength: 500, format: 'email' });
export const Password = Type.String({ minLength: Limits.password.minLength, maxLength: Limits.password.maxLength });
export const DisplayName = Type.String({ minLength: 2, maxLength: Limits.user.displayNameMaxLength });
export { CaptchaFields } from '@agora/platform';
export const Code = Type.String({ minLength: 1, maxLength: 500 });
