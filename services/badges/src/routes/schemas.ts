import { BadgeStatusSchema, Limits } from '@agora/contracts';
import { Type } from 'typebox';

/** Request pieces of the badges routes (reference API groups "Personal / profile / badges", "admin: badges"). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const Username = Type.String({ minLength: 1, maxLength: Limits.user.usernameMaxLength });
export const Status = BadgeStatusSchema;
