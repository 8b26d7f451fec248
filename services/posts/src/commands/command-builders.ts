import { type IdGenerator, renderMarkdown, urlTitle } from '@agora/platform';
import type { AnswerCommand } from '../domain/answer/decider';
import type { QuestionCommand, QuestionContent } from '../domain/question/decider';
import type { Tag } from './question-tags';

/** A question's content as the commands store it: trimmed title, slug, and the markdown rendered once. */
export function questionContent(input: { title: string; content: string }, tags: Tag[]): QuestionContent {
  return {
    title: input.title.trim(),
    url_title: urlTitle(input.title),
    content: input.content,
    html: renderMarkdown(input.content),
    tags,
  };
}

/** The ask command (QuestionCommands.ask, and the bulk seeding of benchmarks), for tags already resolved and checked. */
export function askCommand(
  ids: IdGenerator,
  userId: string,
  input: { title: string; content: string },
  tags: Tag[],
): Extract<QuestionCommand, { type: 'ask' }> {
  return {
    type: 'ask',
    questionId: ids.next('question'),
    userId,
    revisionId: ids.next('revision'),
    content: questionContent(input, tags),
  };
}

/**
 * The command that posts an answer (AnswerCommands.post, and the bulk seeding of benchmarks, which passes a
 * memoised `render`: generated answers repeat).
 */
export function postAnswerCommand(
  ids: IdGenerator,
  userId: string,
  questionId: string,
  content: string,
  render: (markdown: string) => string = renderMarkdown,
): Extract<AnswerCommand, { type: 'post' }> {
  return {
    type: 'post',
    answerId: ids.next('answer'),
    questionId,
    userId,
    revisionId: ids.next('revision'),
    content,
    html: render(content),
  };
}
