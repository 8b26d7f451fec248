import { api } from '../client';
import type {
  AddTagResp,
  FollowingTag,
  Page,
  TagBasic,
  TagInfo,
  TagPageItem,
  TagSynonyms,
  UpdateTagResp,
} from '../wire';
import type { TagItem } from './posts';

/** Tags, synonyms and follows (the reference API's tags routes). */
export const tagApi = {
  page: (params: { page: number; page_size: number; query_cond: string; slug_name?: string }) =>
    api.get<Page<TagPageItem>>('tags/page', { params: { ...params } }),
  /** By slug name (the tag page) or id (the edit page); a missing tag shows the 404 page. */
  info: (by: { name?: string; id?: string }) => api.get<TagInfo>('tag', { params: { ...by }, allow404: true }),
  /** Suggestions while typing a tag (at most 5; semicolons stripped). */
  suggest: (tag: string) =>
    api.get<TagBasic[]>('question/tags', { params: { tag: tag.replace(/;/g, '') }, silent: true }),
  /** Known tags by slug name (a tag page's tag preset on the ask page). */
  basic: (tag: string) => api.get<TagBasic[]>('tags', { params: { tags: tag } }),
  following: () => api.get<FollowingTag[]>('tags/following'),
  saveFollowing: (slug_name_list: string[]) => api.put<null>('follow/tags', { slug_name_list }),
  add: (body: { slug_name: string; display_name: string; original_text: string }) => api.post<AddTagResp>('tag', body),
  update: (body: {
    tag_id: string;
    slug_name: string;
    display_name: string;
    original_text: string;
    edit_summary: string;
  }) => api.put<UpdateTagResp>('tag', body),
  remove: (tag_id: string) => api.delete<null>('tag', { tag_id }),
  synonyms: (tag_id: string) => api.get<TagSynonyms>('tag/synonyms', { params: { tag_id } }),
  saveSynonyms: (tag_id: string, synonym_tag_list: TagItem[]) =>
    api.put<null>('tag/synonym', { tag_id, synonym_tag_list }),
  /** Moderators and admins: the source tag and its synonyms become the target's synonyms. */
  merge: (source_tag_id: string, target_tag_id: string) =>
    api.post<null>('tag/merge', { source_tag_id, target_tag_id }),
};
