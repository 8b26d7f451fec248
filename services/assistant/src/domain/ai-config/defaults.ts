import type { AiConfigured, EventOf } from '@agora/contracts';

export type AiSettings = Omit<EventOf<typeof AiConfigured>['data'], 'actor_id'>;

/** What a reply may be, by default: long enough for an answer with its sources, short enough to bound a provider's bill. */
export const DEFAULT_MAX_REPLY_TOKENS = 2000;
export const DEFAULT_CHATS_PER_HOUR = 20;
export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/**
 * The system prompts a site starts with, per language: the site's assistant, answering from the site's own posts
 * through the tools, citing them; `%s` is not used (the member's words come as their own message).
 */
export const DEFAULT_PROMPTS = {
  en_us: [
    "You are this Q&A community's assistant. Answer from the community's own questions and answers, found with your",
    'tools, before anything you know yourself: search with get_questions (keywords, tags), read the best matches with',
    'get_question or get_answers_by_question_id, and use semantic_search when keyword search finds little. Say which',
    'posts your answer comes from, with their links. If the community has nothing on it, say so plainly. Answer in',
    "the member's language, in Markdown.",
  ].join(' '),
  zh_cn: [
    '你是这个问答社区的助手。先用工具从社区自己的问题和回答中寻找答案，再考虑你自己的知识：用 get_questions（关键词、标签）搜索，',
    '用 get_question 或 get_answers_by_question_id 阅读最相关的结果，关键词搜索结果不多时用 semantic_search。',
    '说明你的回答来自哪些帖子，并附上链接。如果社区里没有相关内容，请直接说明。用成员使用的语言、以 Markdown 回答。',
  ].join(''),
};

export const DEFAULT_AI_SETTINGS: AiSettings = {
  enabled: false,
  chosen_provider: '',
  providers: [],
  prompts: DEFAULT_PROMPTS,
  chats_per_hour: DEFAULT_CHATS_PER_HOUR,
  max_reply_tokens: DEFAULT_MAX_REPLY_TOKENS,
  embedding_model: DEFAULT_EMBEDDING_MODEL,
};
