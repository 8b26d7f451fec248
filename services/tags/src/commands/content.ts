import { isTagSlug, Limits, normalizeTagSlug } from '@agora/contracts';
import { errors, renderMarkdown } from '@agora/platform';
import type { TagContent } from '../domain/tag/decider';

/** A slug as typed, normalised (lower-case, spaces as `-`) and checked against the slug rules. */
export function tagSlug(raw: string, field = 'slug_name'): string {
  const slug = normalizeTagSlug(raw);
  if (!isTagSlug(slug)) {
    const params = { slug: raw.trim(), max: Limits.tags.slugMaxLength };
    throw errors.fields({ field, key: 'error.tag.invalid_slug', params });
  }
  return slug;
}

/** A display name trimmed; any script is welcome, up to 35 characters (code points). */
export function displayName(raw: string | undefined, fallback: string | null, field = 'display_name'): string {
  const name = raw?.trim() ?? '';
  if (!name) {
    if (fallback !== null) return fallback;
    throw errors.fields({ field, key: 'validation.required' });
  }
  const max = Limits.tags.nameMaxLength;
  if ([...name].length > max) throw errors.fields({ field, key: 'validation.max_length', params: { limit: max } });
  return name;
}

/** The description is markdown, rendered by the same renderer and sanitiser as posts. */
export function tagContent(slug: string, name: string, originalText: string): TagContent {
  return {
    slug_name: slug,
    display_name: name,
    original_text: originalText,
    parsed_text: renderMarkdown(originalText),
  };
}
