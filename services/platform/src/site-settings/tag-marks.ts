import type { SiteSettings, TagResp } from '@agora/contracts';

/**
 * Recommended and reserved tags come from the site's write settings (site settings "write"),
 * matched by slug in any case.
 */
export function tagMarks(settings: Pick<SiteSettings, 'tags'>) {
  const recommended = new Set(settings.tags.recommend_tags.map((t) => t.slug_name.toLowerCase()));
  const reserved = new Set(settings.tags.reserved_tags.map((t) => t.slug_name.toLowerCase()));
  return {
    recommended: [...recommended],
    isReserved: (slug: string) => reserved.has(slug),
    of: (slug: string) => ({ recommend: recommended.has(slug), reserved: reserved.has(slug) }),
  };
}

/** A tag as a post carries it; `main_tag_slug_name` when the tag has become another's synonym. */
export interface PostTag {
  slug_name: string;
  display_name: string;
  main_tag_slug_name?: string;
}

/** TagResp of a post's tags, the one mapper of every service that answers with them. */
export function tagResps(tags: readonly PostTag[], settings: Pick<SiteSettings, 'tags'>): TagResp[] {
  const marks = tagMarks(settings);
  return tags.map((t) => ({
    slug_name: t.slug_name,
    display_name: t.display_name,
    main_tag_slug_name: t.main_tag_slug_name ?? '',
    ...marks.of(t.slug_name),
  }));
}
