import { seconds, TagStatus } from '@agora/contracts';
import type { tagMarks } from '@agora/platform';
import type { TagRow } from './tag-rows';

type Marks = ReturnType<typeof tagMarks>;

/** GetTagBasicResp: what a tag selector shows. */
export function tagBasic(t: TagRow, marks: Marks) {
  return { tag_id: t.id, slug_name: t.slug_name, display_name: t.display_name, ...marks.of(t.slug_name) };
}

/** GetTagPageResp: a row of the tag page. */
export function tagPageItem(t: TagRow, marks: Marks, followed: Set<string>) {
  return {
    tag_id: t.id,
    slug_name: t.slug_name,
    display_name: t.display_name,
    description: t.excerpt,
    excerpt: t.excerpt,
    original_text: t.original_text,
    parsed_text: t.parsed_text,
    question_count: t.question_count,
    follow_count: t.follow_count,
    is_follower: followed.has(t.id),
    created_at: seconds(t.created_at),
    updated_at: seconds(t.updated_at),
    ...marks.of(t.slug_name),
  };
}

export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

/** GetTagResp: the tag page's header and the tag wiki. */
export function tagInfo(
  t: TagRow,
  marks: Marks,
  viewer: { following: boolean; actions: MemberAction[] },
  mainTagSlug: string,
) {
  return {
    ...tagPageItem(t, marks, viewer.following ? new Set([t.id]) : new Set()),
    main_tag_slug_name: mainTagSlug,
    status: t.status === TagStatus.deleted ? 'deleted' : 'available',
    member_actions: viewer.actions,
  };
}
