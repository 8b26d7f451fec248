import type {
  ImportedAnswer,
  ImportedComment,
  ImportedFollow,
  ImportedLink,
  ImportedPendingRevision,
  ImportedQuestion,
  ImportedTag,
  ImportKind,
  ImportRecord,
  ImportTally,
} from '@agora/contracts/import/records';
import type { ImportRun, ImportSink, ServiceContext, Tx } from '@agora/platform';
import { importAnswers } from './answer-import';
import { importComments } from './comment-import';
import { importQuestionFollows } from './follow-import';
import { postsHoldContent } from './holds-content';
import { keepLegacyIdStyle } from './legacy-id-style';
import { importLinks } from './link-import';
import { importPendingRevisions } from './pending-revision-import';
import { importQuestions } from './question-import';
import { keepTagNames } from './tag-names';

const KINDS = ['tag', 'question', 'answer', 'comment', 'pending_revision', 'link', 'follow'] as const;

type Of<K extends ImportKind> = Extract<ImportRecord, { kind: K }>;
const only = <K extends ImportKind>(records: ImportRecord[], kind: K) =>
  records.filter((r): r is Of<K> => r.kind === kind);

/**
 * What posts takes in from an import (docs/adr/0094-importing-a-community.md): questions, answers, comments,
 * suggested edits, links and follows of questions as its own events with their original times, applied to its read
 * model in the batch's transaction; the tags' names, to file questions under them; and the id style of old links.
 */
export function postsImporter(context: ServiceContext): ImportSink {
  const { store } = context;
  const writers: { [K in (typeof KINDS)[number]]: (tx: Tx, records: Of<K>[], run: ImportRun) => Promise<ImportTally> } =
    {
      async tag(tx, tags: ImportedTag[]) {
        await keepTagNames(tx, tags);
        return { imported: tags.length, skipped: 0, reasons: {} };
      },
      question: (tx, questions: ImportedQuestion[], run) => importQuestions(store, tx, questions, run),
      answer: (tx, answers: ImportedAnswer[], run) => importAnswers(store, tx, answers, run),
      comment: (tx, comments: ImportedComment[], run) => importComments(store, tx, comments, run),
      pending_revision: (tx, pending: ImportedPendingRevision[], run) =>
        importPendingRevisions(store, tx, pending, run),
      link: (tx, links: ImportedLink[]) => importLinks(tx, links),
      follow: (tx, follows: ImportedFollow[], run) => importQuestionFollows(store, tx, follows, run),
    };
  return {
    kinds: KINDS,
    async write(tx, records, run) {
      await keepLegacyIdStyle(tx, run);
      const kind = records[0]?.kind;
      if (!kind || !(KINDS as readonly ImportKind[]).includes(kind)) return { imported: 0, skipped: 0, reasons: {} };
      const write = writers[kind as (typeof KINDS)[number]] as (
        tx: Tx,
        records: ImportRecord[],
        run: ImportRun,
      ) => Promise<ImportTally>;
      return write(tx, only(records, kind), run);
    },
    holdsContent: () => postsHoldContent(context.database.db),
  };
}
