import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { QuestionListParams } from './calls/posts';

type Params = Readonly<Record<string, string | number | boolean | undefined>>;

/** The segments of an API path, then the call's parameters as one object (DESIGN §7, "Query keys"). */
const key = (path: string, params?: Params): QueryKey => (params ? [...path.split('/'), params] : path.split('/'));

/**
 * Every react-query key of the web app. A key is the path of the call it caches, segment by segment, then the
 * parameters that pick the answer, so the key of a path is the prefix of every call to it and below: the
 * `…s()` entries (`questions()`, `answerPages()`) name those groups for invalidation.
 */
export const queryKeys = {
  siteInfo: () => key('siteinfo'),
  sidebarConfig: () => key('sidebar/config'),
  renderConfig: () => key('render/config'),
  legal: (info_type: string) => key('siteinfo/legal', { info_type }),
  userCenterAgent: () => key('user-center/agent'),
  connectors: () => key('connector/info'),
  myConnectors: () => key('connector/user/info'),
  redDot: () => key('notification/status'),
  /** `user/info`: the signed-in member as the settings pages edit them. */
  currentUser: () => key('user/info'),
  /** `user/info/search`: mention suggestions and invitation candidates. */
  userSearch: (username: string) => key('user/info/search', { username }),

  /** Every `question/*` call's. */
  questions: () => key('question'),
  questionPage: (params: QuestionListParams) => key('question/page', { ...params }),
  /** `question/recommend/page`: the caller's own (it depends on what they follow). */
  recommendedPage: (params: { page: number; page_size: number }) => key('question/recommend/page', { ...params }),
  questionInfos: () => key('question/info'),
  questionInfo: (id: string) => key('question/info', { id }),
  invited: (id: string) => key('question/invite', { id }),
  relatedQuestions: (question_id: string) => key('question/similar/tag', { question_id }),
  /** Every question's linked questions: a post's text written or edited may change any of them. */
  linkedQuestionLists: () => key('question/link'),
  linkedQuestions: (question_id: string) => key('question/link', { question_id }),
  similarQuestions: (title: string) => key('question/similar', { title }),
  /** `question/tags`: suggestions while typing a tag. */
  tagSuggestions: (tag: string) => key('question/tags', { tag }),

  /** Every `answer/*` call's. */
  answers: () => key('answer'),
  answerPages: () => key('answer/page'),
  answerPage: (question_id: string, order: string) => key('answer/page', { question_id, order }),
  answerInfos: () => key('answer/info'),
  answerInfo: (id: string) => key('answer/info', { id }),

  /** `post/render`: markdown as the server renders it (the editor's preview). */
  rendered: (content: string) => key('post/render', { content }),
  /** A question's, answer's or comment's reactions (`meta/reaction`). */
  reactions: (object_id: string) => key('meta/reaction', { object_id }),
  /** Every post's comments (a comment edited names only its question). */
  commentPages: () => key('comment/page'),
  /** A post's comments, every page of them (an infinite query). */
  comments: (object_id: string) => key('comment/page', { object_id }),
  timeline: (object_id: string, show_vote: boolean) => key('activity/timeline', { object_id, show_vote }),
  revisionDiff: (old_revision_id: string, new_revision_id: string) =>
    key('activity/timeline/detail', { old_revision_id, new_revision_id }),
  search: (q: string, order: string, page: number) => key('search', { q, order, page }),
  semanticSearch: (q: string, size: number) => key('ai/search', { q, size }),
  reasons: (object_type: string, action: string) => key('reasons', { object_type, action }),
  /** What waits in each review queue for the caller (the review screen's tabs). */
  reviewingTypes: () => key('reviewing/type'),
  /** Every `revisions/unreviewed` page's: a decision changes them all. */
  unreviewedRevisions: () => key('revisions/unreviewed'),
  unreviewedRevision: (page: number) => key('revisions/unreviewed', { page }),
  /** Every `report/unreviewed/post` page's. */
  pendingFlags: () => key('report/unreviewed/post'),
  pendingFlag: (page: number) => key('report/unreviewed/post', { page }),
  /** Every `review/pending/post/page` page's: a decision changes them all. */
  heldPosts: () => key('review/pending/post/page'),
  heldPost: (page: number) => key('review/pending/post/page', { page }),

  /** Every `tag/*` call's. */
  tag: () => key('tag'),
  tagInfo: (by: { name?: string; id?: string }) => key('tag', { name: by.name, id: by.id }),
  synonyms: (tag_id: string) => key('tag/synonyms', { tag_id }),
  /** Every `tags/*` call's. */
  tags: () => key('tags'),
  tagPages: () => key('tags/page'),
  tagPage: (params: { page: number; page_size: number; query_cond: string; slug_name?: string }) =>
    key('tags/page', { ...params }),
  followingTags: () => key('tags/following'),
  /** `tags?tags=`: known tags by slug name. */
  tagsBySlug: (tags: string) => key('tags', { tags }),

  /** `badges`: the catalogue (with the caller's earned counts). */
  badges: () => key('badges'),
  /** Every `badge/*` call's: a badge, its awards, members' badges. */
  badge: () => key('badge'),
  badgeInfo: (id: string) => key('badge', { id }),
  badgeAwards: (badge_id: string, page: number) => key('badge/awards/page', { badge_id, page }),
  memberBadges: (username: string) => key('badge/user/awards', { username }),
  recentBadges: (username: string) => key('badge/user/awards/recent', { username }),

  /** The admin area's calls, under `admin/`: the dashboard, each settings page, the user list, roles. */
  admin: () => key('admin'),
  adminDashboard: () => key('admin/dashboard'),
  adminSettings: (path: string) => key(`admin/${path}`),
  adminUsers: () => key('admin/users/page'),
  adminUserPage: (params: Params) => key('admin/users/page', params),
  adminRoles: () => key('admin/roles'),
  /** The admin's contents (questions, answers, flags): every page of each, and one page. */
  adminContents: (kind: 'question' | 'answer' | 'reports') => key(`admin/${kind}/page`),
  adminContentPage: (kind: 'question' | 'answer' | 'reports', params: Params) => key(`admin/${kind}/page`, params),
  adminActivation: (user_id: string) => key('admin/user/activation', { user_id }),
  /** The admin's API keys (`api-key/all`) and the MCP switch (`mcp-config`). */
  adminApiKeys: () => key('admin/api-key/all'),
  adminMcpConfig: () => key('admin/mcp-config'),
  /** The AI assistant's settings and the providers it offers. */
  adminAiConfig: () => key('admin/ai-config'),
  adminAiProviders: () => key('admin/ai-provider'),
  /** Every page of the members' conversations (`ai/conversation/page`), one page, and one conversation. */
  adminAiConversations: () => key('admin/ai/conversation/page'),
  adminAiConversationPage: (page: number) => key('admin/ai/conversation/page', { page }),
  adminAiConversation: (conversation_id: string) => key('admin/ai/conversation', { conversation_id }),
  /** Every `personal/*` call's: a member's profile and its tabs. */
  personal: () => key('personal'),
  profile: (username: string) => key('personal/user/info', { username }),
  profileTop: (username: string) => key('personal/qa/top', { username }),
  profileAnswers: (username: string, order: string, page: number) =>
    key('personal/answer/page', { username, order, page }),
  profileQuestions: (username: string, order: string, page: number) =>
    key('personal/question/page', { username, order, page }),
  profileComments: (username: string, page: number) => key('personal/comment/page', { username, page }),
  profileReputation: (username: string, page: number) => key('personal/rank/page', { username, page }),
  /** The caller's own bookmarks and votes (no username: they are always the caller's). */
  ownBookmarks: (page: number) => key('personal/collection/page', { page }),
  ownVotes: (page: number) => key('personal/vote/page', { page }),
  /** `user/notification/config`: the member's e-mail switches. */
  notificationConfig: () => key('user/notification/config'),
  /** Every `notification/page` call's. */
  notificationPages: () => key('notification/page'),
  notificationPage: (type: string, inbox_type: string, page: number) =>
    key('notification/page', { type, inbox_type, page }),
  /** Every `ai/conversation*` call's: the member's conversations with the AI assistant, and each one. */
  aiConversations: () => key('ai/conversation'),
  /** The member's conversation list, every page of it (an infinite query). */
  aiConversationPages: () => key('ai/conversation/page'),
  aiConversation: (conversation_id: string) => key('ai/conversation', { conversation_id }),
  /** `user/ranking`: the user list's sections. */
  ranking: () => key('user/ranking'),
};

/** Marks every query under each of the keys stale, refetching those on screen; resolves once they are back. */
export async function invalidateKeys(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
