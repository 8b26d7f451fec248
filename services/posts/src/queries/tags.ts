import type { SiteSettings } from '@agora/contracts';

/** TagResp of a question's tags, marked recommended and reserved per the site's write settings. */
export function tagResps(tags: { slug_name: string; display_name: string }[], settings: SiteSettings) {
  const recommended = new Set(settings.tags.recommend_tags.map((t) => t.slug_name.toLowerCase()));
  const reserved = new Set(settings.tags.reserved_tags.map((t) => t.slug_name.toLowerCase()));
  return tags.map((t) => ({
    slug_name: t.slug_name,
    display_name: t.display_name,
    main_tag_slug_name: '',
    recommend: recommended.has(t.slug_name),
    reserved: reserved.has(t.slug_name),
  }));
}
