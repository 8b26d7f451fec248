import { api } from '../client';
import type {
  AnswerInfo,
  AnswerUpdateResp,
  AnswerWithQuestion,
  CommentItem,
  ObjectTimeline,
  Page,
  QuestionInfo,
  QuestionPageItem,
  TimelineDetail,
  UpdateCommentResp,
  UpdateQuestionResp,
  UserBasicInfo,
} from '../wire';
import type { CaptchaFields } from './account';

export interface TagItem {
  slug_name: string;
  display_name?: string;
  original_text?: string;
}

export interface QuestionForm extends CaptchaFields {
  title: string;
  content: string;
  tags: TagItem[];
}

export interface QuestionListParams {
  order?: string;
  page?: number;
  page_size?: number;
  tag?: string;
  in_days?: number;
}

/** Questions and answers (the reference API's posts routes). */
export const questionApi = {
  page: (params: QuestionListParams) => api.get<Page<QuestionPageItem>>('question/page', { params: { ...params } }),
  /** The questions recommended to the signed-in member: followed ones and those under followed tags. */
  recommended: (params: { page: number; page_size: number }) =>
    api.get<Page<QuestionPageItem>>('question/recommend/page', { params: { ...params } }),
  /** A missing question shows the 404 page (allow404). */
  /** `share`: whose share link was followed here (it credits them); it changes no answer. */
  info: (id: string, share?: string) =>
    api.get<QuestionInfo>('question/info', { params: { id, share: share || undefined }, allow404: true }),
  ask: (body: QuestionForm) => api.post<QuestionInfo>('question', body),
  /** Asking with one's own answer at once. */
  askWithAnswer: (body: QuestionForm & { answer_content: string }) =>
    api.post<AnswerWithQuestion>('question/answer', body),
  update: (body: QuestionForm & { id: string; edit_summary: string }) => api.put<UpdateQuestionResp>('question', body),
  remove: (id: string, captcha: CaptchaFields = {}) => api.delete<null>('question', { id, ...captcha }),
  recover: (id: string) => api.post<null>('question/recover', { question_id: id }),
  close: (id: string, close_type: number, close_msg: string) =>
    api.put<null>('question/status', { id, close_type, close_msg }),
  reopen: (id: string) => api.put<null>('question/reopen', { question_id: id }),
  operate: (id: string, operation: 'pin' | 'unpin' | 'hide' | 'show') =>
    api.put<null>('question/operation', { id, operation }),
  invited: (id: string) => api.get<UserBasicInfo[]>('question/invite', { params: { id } }),
  invite: (id: string, invite_user: string[], captcha: CaptchaFields = {}) =>
    api.put<null>('question/invite', { id, invite_user, ...captcha }),
  related: (question_id: string) =>
    api.get<Page<QuestionPageItem>>('question/similar/tag', { params: { question_id } }),
  /** Questions linking to this one or linked from it (newest first). */
  linked: (question_id: string, page_size: number) =>
    api.get<Page<QuestionPageItem>>('question/link', { params: { question_id, order: 'newest', page: 1, page_size } }),
};

export const answerApi = {
  page: (question_id: string, order: string, page = 1, page_size = 100) =>
    api.get<Page<AnswerInfo>>('answer/page', { params: { question_id, order, page, page_size } }),
  info: (id: string) => api.get<AnswerWithQuestion>('answer/info', { params: { id }, allow404: true }),
  add: (body: { question_id: string; content: string } & CaptchaFields) => api.post<AnswerWithQuestion>('answer', body),
  update: (body: { id: string; question_id: string; content: string; edit_summary: string } & CaptchaFields) =>
    api.put<AnswerUpdateResp>('answer', body),
  remove: (id: string, captcha: CaptchaFields = {}) => api.delete<null>('answer', { id, ...captcha }),
  recover: (id: string) => api.post<null>('answer/recover', { answer_id: id }),
  accept: (question_id: string, answer_id: string) => api.post<null>('answer/acceptance', { question_id, answer_id }),
};

export const commentApi = {
  page: (params: { object_id: string; page: number; page_size: number; query_cond?: 'vote' | 'created_at' }) =>
    api.get<Page<CommentItem>>('comment/page', { params: { ...params } }),
  add: (
    body: {
      object_id: string;
      original_text: string;
      mention_username_list: string[];
      reply_comment_id?: string;
    } & CaptchaFields,
  ) => api.post<CommentItem>('comment', body),
  update: (body: { comment_id: string; original_text: string } & CaptchaFields) =>
    api.put<UpdateCommentResp>('comment', body),
  remove: (comment_id: string, captcha: CaptchaFields = {}) => api.delete<null>('comment', { comment_id, ...captcha }),
};

export const revisionApi = {
  timeline: (object_id: string, show_vote = false) =>
    api.get<ObjectTimeline>('activity/timeline', { params: { object_id, show_vote }, allow404: true }),
  detail: (old_revision_id: string, new_revision_id: string) =>
    api.get<TimelineDetail>('activity/timeline/detail', { params: { old_revision_id, new_revision_id } }),
};

export const postApi = {
  /** Markdown to sanitised HTML for the editor's preview. */
  render: (content: string) => api.post<string>('post/render', { content }, { silent: true }),
  /** An image for a post: its URL. */
  upload: (file: File) => {
    const form = new FormData();
    form.append('source', 'post');
    form.append('file', file);
    return api.upload<string>('file', form);
  },
  /** Users whose username or name starts with `prefix` (at most 5: mention suggestions). */
  mentionCandidates: (username: string) =>
    api.get<UserBasicInfo[]>('user/info/search', { params: { username }, silent: true }),
};
