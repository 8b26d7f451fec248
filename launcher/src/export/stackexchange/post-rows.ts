import type { ImportedAnswer, ImportedQuestion, ImportedRevision } from '@agora/contracts/import/records';
import { renderMarkdown } from '@agora/platform';
import type { DumpFacts } from '@agora/platform/export/export-source';
import type { DumpNumbers } from './dump-numbers';
import { attributes, type DumpValue, dumpTags, dumpTime } from './row-attributes';

/** PostTypeId. */
export const POST_TYPES = { question: 1, answer: 2, tagExcerpt: 4, tagWiki: 5 } as const;

/** What a post's rows share: its text now (rendered to HTML, as the dumps' Body is), its author, its last edit. */
function common(post: ImportedQuestion | ImportedAnswer, numbers: DumpNumbers, facts: DumpFacts = {}) {
  const revisions = post.revisions;
  const last = revisions.at(-1) as ImportedRevision;
  const edited = revisions.length > 1 ? last : undefined;
  return {
    last,
    created: ['CreationDate', dumpTime(post.created_at)] as [string, DumpValue],
    score: ['Score', facts.score ?? 0] as [string, DumpValue],
    body: ['Body', renderMarkdown(last.content)] as [string, DumpValue],
    rest: [
      ['OwnerUserId', numbers.users.of(post.user_id)],
      ['LastEditorUserId', edited ? numbers.users.of(edited.editor_id) : undefined],
      ['LastEditDate', edited ? dumpTime(edited.created_at) : undefined],
      ['LastActivityDate', dumpTime(facts.lastActivityAt ?? last.created_at)],
    ] as [string, DumpValue][],
  };
}

/**
 * A question's Posts.xml row, in the two parts around its AcceptedAnswerId (known once its answers are read): as the
 * dumps write one, plus DeletionDate on a deleted question (the reader takes it; public dumps hold none).
 */
export function questionRow(
  question: ImportedQuestion,
  number: number,
  numbers: DumpNumbers,
  facts?: DumpFacts,
): { head: string; tail: string } {
  const { last, created, score, body, rest } = common(question, numbers, facts);
  return {
    head: attributes([
      ['Id', number],
      ['PostTypeId', POST_TYPES.question],
    ]),
    tail: attributes([
      created,
      score,
      ['ViewCount', question.view_count],
      body,
      ...rest,
      ['Title', last.title ?? ''],
      ['Tags', dumpTags(last.tags ?? [])],
      ['AnswerCount', facts?.answerCount ?? 0],
      ['CommentCount', facts?.commentCount ?? 0],
      ['FavoriteCount', facts?.favoriteCount],
      ['ClosedDate', question.closed ? dumpTime(question.closed.at) : undefined],
      ['DeletionDate', question.deleted ? dumpTime(question.deleted.at) : undefined],
    ]),
  };
}

export function answerRow(
  answer: ImportedAnswer,
  number: number,
  questionNumber: number,
  numbers: DumpNumbers,
  facts?: DumpFacts,
): string {
  const { created, score, body, rest } = common(answer, numbers, facts);
  return attributes([
    ['Id', number],
    ['PostTypeId', POST_TYPES.answer],
    ['ParentId', questionNumber],
    created,
    score,
    body,
    ...rest,
    ['CommentCount', facts?.commentCount ?? 0],
    ['DeletionDate', answer.deleted ? dumpTime(answer.deleted.at) : undefined],
  ]);
}

/** A tag's wiki or excerpt, which the dumps keep as posts of their own that Tags.xml names. */
export function tagTextRow(
  type: typeof POST_TYPES.tagExcerpt | typeof POST_TYPES.tagWiki,
  number: number,
  markdown: string,
  owner: number | undefined,
  at: string,
): string {
  return attributes([
    ['Id', number],
    ['PostTypeId', type],
    ['CreationDate', dumpTime(at)],
    ['Score', 0],
    ['Body', renderMarkdown(markdown)],
    ['OwnerUserId', owner],
    ['LastActivityDate', dumpTime(at)],
    ['CommentCount', 0],
  ]);
}
