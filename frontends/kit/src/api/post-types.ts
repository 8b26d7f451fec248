/** The wire shapes of questions, answers, comments, tags and search (api.md), as the screens read them. */

export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

export interface UserBasic {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  status: string;
}

export interface TagResp {
  slug_name: string;
  display_name: string;
  main_tag_slug_name?: string;
  recommend?: boolean;
  reserved?: boolean;
}

export interface Page<T> {
  count: number;
  list: T[];
}

/** QuestionPageResp: a row of the question list. */
export interface QuestionListItem {
  id: string;
  title: string;
  url_title: string;
  pin: number;
  show: number;
  status: number;
  operator?: UserBasic;
  operated_at: number;
  operation_type: string;
  vote_count: number;
  answer_count: number;
  view_count: number;
  accepted_answer_id: string;
  tags: TagResp[];
}

/** QuestionInfoResp */
export interface QuestionInfo {
  id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  tags: TagResp[];
  status: number;
  pin: number;
  show: number;
  view_count: number;
  answer_count: number;
  vote_count: number;
  vote_status: string;
  collected: boolean;
  collection_count: number;
  accepted_answer_id: string;
  create_time: number;
  edit_time: number;
  update_time: number;
  user_info: UserBasic;
  update_user_info?: UserBasic;
  member_actions: MemberAction[];
  operation?: { type: string; description: string; msg: string; time: number; level: string };
}

/** AnswerInfo */
export interface AnswerInfo {
  id: string;
  question_id: string;
  content: string;
  html: string;
  accepted: number;
  status: number;
  vote_count: number;
  vote_status: string;
  collected: boolean;
  create_time: number;
  update_time: number;
  user_info: UserBasic;
  update_user_info?: UserBasic;
  member_actions: MemberAction[];
}

/** GetCommentResp */
export interface CommentItem {
  comment_id: string;
  object_id: string;
  user_id: string;
  username: string;
  user_display_name: string;
  user_avatar: string;
  user_status: string;
  reply_comment_id: string;
  reply_username: string;
  reply_user_display_name: string;
  created_at: number;
  vote_count: number;
  is_vote: boolean;
  original_text: string;
  parsed_text: string;
  member_actions: MemberAction[];
}

/** GetTagPageResp / GetTagResp */
export interface TagInfo extends TagResp {
  tag_id: string;
  original_text: string;
  parsed_text: string;
  excerpt?: string;
  follow_count: number;
  question_count: number;
  is_follower: boolean;
  created_at: number;
  updated_at: number;
  member_actions?: MemberAction[];
}

export interface TagBasic extends TagResp {
  tag_id: string;
}

export interface TagSynonyms {
  synonyms: (TagResp & { tag_id: string })[];
  member_actions: MemberAction[];
}

/** SearchResult */
export interface SearchResult {
  object_type: 'question' | 'answer' | string;
  object: {
    id: string;
    question_id: string;
    title: string;
    url_title: string;
    excerpt: string;
    created_at: number;
    vote_count: number;
    answer_count: number;
    accepted: boolean;
    status: string;
    tags: TagResp[];
    user_info?: UserBasic;
  };
}

/** QuestionBaseInfo: a similar question while typing a title. */
export interface SimilarQuestion {
  id: string;
  title: string;
  url_title: string;
  answer_count: number;
  accepted_answer: boolean;
}

export interface TimelineItem {
  activity_id: string;
  revision_id: string;
  created_at: number;
  activity_type: string;
  comment: string;
  object_id: string;
  object_type: string;
  cancelled: boolean;
  cancelled_at: number;
  user_info: UserBasic;
}

export interface Timeline {
  object_info: {
    title: string;
    object_type: string;
    question_id: string;
    answer_id: string;
    main_tag_slug_name: string;
    display_name: string;
  };
  timeline: TimelineItem[];
}

export interface RevisionDetail {
  title: string;
  tags: TagResp[];
  original_text: string;
  slug_name: string;
  main_tag_slug_name: string;
}

export interface VoteResult {
  votes: number;
  vote_status: string;
}
