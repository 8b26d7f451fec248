import { avatarUrl, questionPath, type SiteSettings, siteRoot } from '@agora/contracts';
import { type Db, excerptOfText } from '@agora/platform';
import { type Static, type TObject, Type } from 'typebox';
import { findQuestions } from './find-questions';
import {
  findTags,
  memberByUsername,
  type QuestionWithAnswers,
  type TagRow,
  tagBySlug,
  visibleAnswers,
  visibleComments,
  visibleQuestionWithAnswers,
} from './library';

/** What a tool runs with: the library, and the site's address and link form for the links it answers. */
export interface ToolContext {
  db: Db;
  settings: SiteSettings;
  /** Semantic search: the hits, or null when no provider is configured (asked only when the tool is called). */
  semantic(query: string, topK: number): Promise<unknown[] | null>;
}

export interface Tool<P extends TObject = TObject> {
  name: string;
  description: string;
  parameters: P;
  /** Changes nothing: a read-only key may call it. */
  readOnly: boolean;
  /** In the MCP server's list (the reference keeps `semantic_search` to the assistant; Agora offers it to both). */
  run(args: Static<P>, context: ToolContext): Promise<string>;
}

const EXCERPT_CHARS = 240;
const LIST_SIZE = 5;
const TAG_LIST_SIZE = 10;
const ANSWERS_PER_QUESTION = 50;
const MAX_TOP_K = 20;

const Text = (description: string) => Type.Optional(Type.String({ maxLength: 200, description }));
const siteUrl = (context: ToolContext) => siteRoot(context.settings.general.site_url);
const questionLink = (context: ToolContext, q: { id: string; url_title: string }, answerId?: string) =>
  `${siteUrl(context)}${questionPath(context.settings.seo.permalink, q.id, q.url_title, answerId)}`;
const json = (value: unknown) => JSON.stringify(value);

function define<P extends TObject>(tool: Tool<P>): Tool {
  return tool as unknown as Tool;
}

const getQuestions = define({
  name: 'get_questions',
  description:
    'Search the questions of this site by keyword, author username, tags (comma separated) and minimum score; answers the five newest that match, with an excerpt and a link.',
  parameters: Type.Object({
    keyword: Text('words the question should contain'),
    username: Text("the asker's username"),
    tag: Text('tag slugs, comma separated; a question must carry all of them'),
    score: Text('the least score (votes) a question must have, as a number'),
  }),
  readOnly: true,
  async run(args, context) {
    let userId: string | undefined;
    if (args.username) {
      const member = await memberByUsername(context.db, args.username);
      if (!member) return json([]);
      userId = member.user_id;
    }
    const tags = (args.tag ?? '')
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean);
    const score = args.score !== undefined && /^-?\d{1,9}$/.test(args.score.trim()) ? Number(args.score) : undefined;
    const rows = await findQuestions(context.db, {
      keyword: args.keyword,
      userId,
      tags,
      minScore: score,
      limit: LIST_SIZE,
    });
    return json(
      rows.map((q) => ({
        question_id: q.id,
        title: q.title,
        content: excerptOfText(q.body, EXCERPT_CHARS),
        link: questionLink(context, q),
      })),
    );
  },
});

const getAnswers = define({
  name: 'get_answers_by_question_id',
  description: "Answers to a question (from get_questions' question_id), with a link to each.",
  parameters: Type.Object({ question_id: Text('the question id') }),
  readOnly: true,
  async run(args, context) {
    const questionId = args.question_id?.trim() || null;
    if (questionId) {
      const question = await visibleQuestionWithAnswers(context.db, questionId, ANSWERS_PER_QUESTION);
      if (!question) return json([]);
      return json(
        question.answers.map((a) => ({
          question_id: question.id,
          answer_id: a.id,
          answer_content: a.body,
          link: questionLink(context, question, a.id),
        })),
      );
    }
    const answers = await visibleAnswers(context.db, ANSWERS_PER_QUESTION);
    return json(
      answers.map((a) => ({
        question_id: a.question_id,
        answer_id: a.id,
        answer_content: a.body,
        link: questionLink(context, { id: a.question_id, url_title: '' }, a.id),
      })),
    );
  },
});

const getComments = define({
  name: 'get_comments',
  description: 'The five newest comments on a question or an answer.',
  parameters: Type.Object({ object_id: Text('the id of the question or answer') }),
  readOnly: true,
  async run(args, context) {
    const objectId = args.object_id?.trim();
    if (!objectId) return json([]);
    const comments = await visibleComments(context.db, objectId, LIST_SIZE);
    return json(
      comments.map((c) => ({
        comment_id: c.id,
        content: c.body,
        object_id: c.object_id,
        link: `${questionLink(context, { id: c.question_id, url_title: '' }, c.object_id === c.question_id ? undefined : c.object_id)}?commentId=${c.id}`,
      })),
    );
  },
});

const tagResult = (context: ToolContext, tag: TagRow) => ({
  tag_name: tag.slug_name,
  display_name: tag.display_name,
  description: excerptOfText(tag.description, EXCERPT_CHARS),
  link: `${siteUrl(context)}/tags/${encodeURIComponent(tag.slug_name)}`,
});

const getTags = define({
  name: 'get_tags',
  description: 'Tags whose name holds the words given (at most ten, exact matches first), with their description.',
  parameters: Type.Object({ tag_name: Text('a tag name or part of one') }),
  readOnly: true,
  async run(args, context) {
    const tags = await findTags(context.db, args.tag_name?.trim() ?? '', TAG_LIST_SIZE);
    return json(tags.map((tag) => tagResult(context, tag)));
  },
});

const getTagDetail = define({
  name: 'get_tag_detail',
  description: 'One tag by its slug (a synonym answers as its main tag), with its description.',
  parameters: Type.Object({ tag_name: Text('the tag slug') }),
  readOnly: true,
  async run(args, context) {
    const tag = args.tag_name?.trim() ? await tagBySlug(context.db, args.tag_name.trim()) : null;
    return tag ? json(tagResult(context, tag)) : 'Tag not found.';
  },
});

const getUser = define({
  name: 'get_user',
  description: 'A member by username: display name, avatar and a link to the profile.',
  parameters: Type.Object({ username: Text('the username') }),
  readOnly: true,
  async run(args, context) {
    const member = args.username?.trim() ? await memberByUsername(context.db, args.username.trim()) : null;
    if (!member) return 'User not found.';
    return json({
      username: member.username,
      display_name: member.display_name,
      avatar: avatarUrl(member, context.settings),
      link: `${siteUrl(context)}/users/${encodeURIComponent(member.username)}`,
    });
  },
});

function questionWithAnswers(context: ToolContext, question: QuestionWithAnswers) {
  return {
    question_id: question.id,
    title: question.title,
    content: question.body,
    tags: question.tags.map((tag) => tag.slug_name),
    score: question.vote_count,
    closed: question.closed,
    author: question.author,
    created_at: question.created_at.toISOString(),
    accepted_answer_id: question.accepted_answer_id ?? '',
    link: questionLink(context, question),
    answers: question.answers.map((a) => ({
      answer_id: a.id,
      content: a.body,
      score: a.vote_count,
      accepted: a.id === question.accepted_answer_id,
      author: a.author,
      link: questionLink(context, question, a.id),
    })),
  };
}

const getQuestion = define({
  name: 'get_question',
  description: 'One question with all its answers, which one is accepted, and their scores.',
  parameters: Type.Object({
    question_id: Type.String({ minLength: 1, maxLength: 64, description: 'the question id' }),
  }),
  readOnly: true,
  async run(args, context) {
    const question = await visibleQuestionWithAnswers(context.db, args.question_id.trim(), ANSWERS_PER_QUESTION);
    return question ? json(questionWithAnswers(context, question)) : 'Question not found.';
  },
});

const semanticSearch = define({
  name: 'semantic_search',
  description:
    'Search questions and answers by meaning rather than by words: use it when get_questions finds little. Answers the closest posts with a score and a link.',
  parameters: Type.Object({
    query: Type.String({ minLength: 1, maxLength: 500, description: 'what to look for, in plain words' }),
    top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TOP_K, description: 'how many results (5)' })),
  }),
  readOnly: true,
  async run(args, context) {
    const hits = await context.semantic(args.query, args.top_k ?? LIST_SIZE);
    return hits ? json(hits) : 'Semantic search is not available: no AI provider is configured for embeddings.';
  },
});

/** Every tool, in the order the MCP server lists them and the assistant offers them. */
export const TOOLS: readonly Tool[] = [
  getQuestions,
  getAnswers,
  getComments,
  getTags,
  getTagDetail,
  getUser,
  getQuestion,
  semanticSearch,
];

export const toolByName = (name: string) => TOOLS.find((tool) => tool.name === name);
