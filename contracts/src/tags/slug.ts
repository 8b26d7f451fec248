import { Limits } from '../limits';

/**
 * A tag's slug: up to 35 of `a-z 0-9 + # - .`, compared case-insensitively; not dots alone, which would be a
 * dot segment in the tag's address (docs/adr/0088-canonical-paths.md).
 */
export const TAG_SLUG_PATTERN = new RegExp(`^(?!\\.+$)[a-z0-9+#.-]{1,${Limits.tags.slugMaxLength}}$`);

/** The stored form of a slug as typed: trimmed, lower-case, spaces as `-`. */
export function normalizeTagSlug(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, '-');
}

export function isTagSlug(slug: string): boolean {
  return TAG_SLUG_PATTERN.test(slug);
}
