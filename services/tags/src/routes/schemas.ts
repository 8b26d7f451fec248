import { Limits } from '@agora/contracts';
import { Type } from 'typebox';

/** Request pieces shared by the routes (the reference API's "Tag" group). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const Slug = Type.String({ minLength: 1, maxLength: Limits.tags.slugMaxLength });
export const DisplayName = Type.String({ maxLength: Limits.tags.nameMaxLength });
export const Description = Type.String({ maxLength: Limits.tags.descriptionMaxLength });
export const TagItemSchema = Type.Object({
  slug_name: Slug,
  display_name: Type.Optional(DisplayName),
  original_text: Type.Optional(Description),
});
