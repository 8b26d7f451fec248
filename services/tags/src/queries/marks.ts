import type { SiteSettings } from '@agora/contracts';

/** Recommended and reserved tags come from the site's write settings (spec §3 site settings "write"). */
export function tagMarks(settings: SiteSettings) {
  const recommended = new Set(settings.tags.recommend_tags.map((t) => t.slug_name.toLowerCase()));
  const reserved = new Set(settings.tags.reserved_tags.map((t) => t.slug_name.toLowerCase()));
  return {
    recommended: [...recommended],
    isReserved: (slug: string) => reserved.has(slug),
    of: (slug: string) => ({ recommend: recommended.has(slug), reserved: reserved.has(slug) }),
  };
}
