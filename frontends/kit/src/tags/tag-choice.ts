import { Limits } from '@agora/contracts/limits';
import type { TagResp } from '../api/wire';

/** A tag slug as typed: lower case, spaces as `-`, semicolons stripped. */
export const slugOf = (text: string) => text.trim().toLowerCase().replace(/;/g, '').replace(/\s+/g, '-');

/** A tag in the selector: one the server knows (a question's, a suggestion, a synonym) or one just typed. */
export type ChosenTag = Pick<TagResp, 'slug_name' | 'display_name'>;

export type ChooseResult =
  | { kind: 'added'; tags: ChosenTag[] }
  | { kind: 'duplicate'; slug: string }
  | { kind: 'full' };

/**
 * Choosing a tag: one already chosen is not added again (the caller highlights it for 2 s),
 * and there are at most 5.
 */
export function chooseTag(chosen: ChosenTag[], tag: ChosenTag, max: number = Limits.tags.maxPerQuestion): ChooseResult {
  const slug = slugOf(tag.slug_name);
  if (chosen.some((c) => slugOf(c.slug_name) === slug)) return { kind: 'duplicate', slug };
  if (chosen.length >= max) return { kind: 'full' };
  return { kind: 'added', tags: [...chosen, { ...tag, slug_name: slug, display_name: tag.display_name || slug }] };
}
