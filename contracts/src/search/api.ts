import { type Static, Type } from 'typebox';
import { Limits } from '../limits';

/** `GET search` sorts; `relevance` falls back to `newest` when the query has no words. */
export const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** Request limits of `GET search` and `GET question/similar`. */
export const SearchLimits = {
  queryMaxLength: 100,
  pageSizeDefault: 30,
  pageSizeMax: 50,
  /** Deepest result reachable by paging (page × size), as search engines cap it. */
  maxResultWindow: 10_000,
  similarTitleMaxLength: Limits.question.titleMaxLength,
  similarMax: 10,
} as const;

const SearchTag = Type.Object({
  slug_name: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});

/** The reference API's `SearchObjectUser`. */
export const SearchObjectUserSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  rank: Type.Integer(),
  status: Type.String(),
});

/**
 * The reference API's `SearchObject`. `excerpt` is plain text around the first match (as the reference sends it);
 * `highlight` is Agora's addition: the title and the excerpt as HTML-escaped text with `<em>` around
 * the matching words, for clients that show highlighted snippets.
 */
export const SearchObjectSchema = Type.Object({
  id: Type.String(),
  question_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  excerpt: Type.String(),
  created_at: Type.Integer(),
  vote_count: Type.Integer(),
  accepted: Type.Boolean(),
  answer_count: Type.Integer(),
  user_info: SearchObjectUserSchema,
  tags: Type.Array(SearchTag),
  status: Type.String(),
  highlight: Type.Object({ title: Type.String(), excerpt: Type.String() }),
});
export type SearchObject = Static<typeof SearchObjectSchema>;

export const SearchResultSchema = Type.Object({
  object_type: Type.Union([Type.Literal('question'), Type.Literal('answer')]),
  object: SearchObjectSchema,
});
export type SearchResult = Static<typeof SearchResultSchema>;

/** The reference API's `SearchResp`: the pager shape. */
export const SearchRespSchema = Type.Object({ count: Type.Integer(), list: Type.Array(SearchResultSchema) });
export type SearchResp = Static<typeof SearchRespSchema>;

/** `SearchDescResp` (the handler's real shape): the active search engine; empty for the built-in one. */
export const SearchDescRespSchema = Type.Object({ name: Type.String(), icon: Type.String(), link: Type.String() });

/** The reference API's `QuestionBaseInfo`: one duplicate suggestion of `GET question/similar`. */
export const QuestionBaseInfoSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  view_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  follow_count: Type.Integer(),
  status: Type.String(),
  accepted_answer: Type.Boolean(),
});
export type QuestionBaseInfo = Static<typeof QuestionBaseInfoSchema>;
