import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { objectTypeOf } from '@agora/contracts';
import { numberOf } from '@agora/contracts/import/legacy-ids';
import type {
  ImportedAnswer,
  ImportedBadgeAward,
  ImportedBookmark,
  ImportedComment,
  ImportedLink,
  ImportedMember,
  ImportedQuestion,
  ImportedTag,
  ImportedVote,
} from '@agora/contracts/import/records';
import type { DumpFacts, ExportItem } from '@agora/platform/export/export-source';
import { PLACEHOLDER_USER_NUMBER } from '../../import/stackexchange/ids';
import { XmlFile } from '../xml-file';
import { badgeRow, commentRow, LINK_TYPES, linkRow, linkSource, VOTE_TYPES, voteRow } from './activity-rows';
import { DUPLICATE_REASON, dumpCloseReason, originalQuestionOf } from './close-reasons';
import { DumpNumbers, type NumberingPlan } from './dump-numbers';
import { closureRow, deletionRow, revisionRows } from './history-rows';
import { memberRow } from './member-rows';
import { NumberIndex } from './number-index';
import { answerRow, questionRow } from './post-rows';
import { SpillFile } from './spill-file';
import { type PendingTagRow, tagRow, tagRows } from './tag-rows';

/** The files of a Stack Exchange data dump, with their root elements (launcher/src/import/stackexchange/dump-files.ts). */
const FILES = {
  users: ['Users.xml', 'users'],
  posts: ['Posts.xml', 'posts'],
  history: ['PostHistory.xml', 'posthistory'],
  comments: ['Comments.xml', 'comments'],
  votes: ['Votes.xml', 'votes'],
  links: ['PostLinks.xml', 'postlinks'],
  badges: ['Badges.xml', 'badges'],
} as const;
const TAGS_FILE = ['Tags.xml', 'tags'] as const;

/** A folder of work files beside the dump, gone when it is written. */
const WORK_FOLDER = '.export-work';

interface PendingQuestion {
  id: string;
  head: string;
  tail: string;
}

interface PendingDuplicate {
  question: number;
  by: string;
  at: string;
  original: string;
}

/**
 * The community as a Stack Exchange data dump (docs/adr/0094-importing-a-community.md, "Export"), written as the
 * records stream by, kind by kind, in bounded memory: rows that name what comes later (a question's accepted answer,
 * a tag's count, a duplicate's original) wait in work files, and Posts.xml and Tags.xml are finished at the end,
 * questions before answers. What the format has no place for (settings, reactions, flags, …) is the side files'.
 */
export class StackExchangeDump {
  private readonly numbers: DumpNumbers;
  private readonly files: { [K in keyof typeof FILES]: XmlFile };
  private readonly work: string;
  private readonly questions: SpillFile<PendingQuestion>;
  private readonly answers: SpillFile<string>;
  private readonly tags: SpillFile<PendingTagRow>;
  private readonly duplicates: SpillFile<PendingDuplicate>;
  private readonly accepted = new NumberIndex();
  /** Live questions per tag, for Tags.xml's Count: one entry a tag. */
  private readonly tagCounts = new Map<string, number>();

  private constructor(
    private readonly folder: string,
    plan: NumberingPlan,
  ) {
    this.numbers = new DumpNumbers(plan);
    this.files = Object.fromEntries(
      Object.entries(FILES).map(([key, [name, root]]) => [key, new XmlFile(join(folder, name), root)]),
    ) as StackExchangeDump['files'];
    this.work = join(folder, WORK_FOLDER);
    this.questions = new SpillFile(join(this.work, 'questions.ndjson'));
    this.answers = new SpillFile(join(this.work, 'answers.ndjson'));
    this.tags = new SpillFile(join(this.work, 'tags.ndjson'));
    this.duplicates = new SpillFile(join(this.work, 'duplicates.ndjson'));
  }

  static async open(folder: string, plan: NumberingPlan): Promise<StackExchangeDump> {
    await mkdir(join(folder, WORK_FOLDER), { recursive: true });
    return new StackExchangeDump(folder, plan);
  }

  /** One exported record (in `IMPORT_KINDS` order): the rows it makes, if the dump has a place for it. */
  async add({ record, facts }: ExportItem): Promise<void> {
    switch (record.kind) {
      case 'member':
        this.member(record);
        break;
      case 'tag':
        await this.tag(record);
        break;
      case 'question':
        await this.question(record, facts);
        break;
      case 'answer':
        await this.answer(record, facts);
        break;
      case 'comment':
        this.comment(record, facts);
        break;
      case 'link':
        this.link(record);
        break;
      case 'vote':
        this.vote(record);
        break;
      case 'bookmark':
        this.bookmark(record);
        break;
      case 'badge_award':
        this.badge(record);
        break;
      default:
        return;
    }
    await Promise.all(Object.values(this.files).map((file) => file.flushIfFull()));
  }

  private member(member: ImportedMember): void {
    // An earlier Stack Exchange import's placeholder is the reader's own: its posts name its number all the same.
    if (numberOf(member.id) === PLACEHOLDER_USER_NUMBER.toString()) return;
    this.files.users.row(memberRow(member, this.numbers.users.assign(member.id)));
  }

  private async tag(tag: ImportedTag): Promise<void> {
    const rows = tagRows(tag, this.numbers);
    if (!rows) return;
    for (const post of rows.posts) this.files.posts.row(post);
    await this.tags.add(rows.row);
  }

  private async question(question: ImportedQuestion, facts?: DumpFacts): Promise<void> {
    // A post held for review was never public.
    if (question.pending) return;
    const number = this.numbers.posts.assign(question.id);
    await this.questions.add({ id: question.id, ...questionRow(question, number, this.numbers, facts) });
    for (const row of revisionRows(question, number, this.numbers)) this.files.history.row(row);
    const closed = question.closed;
    if (closed) {
      const reason = dumpCloseReason(closed.close_type);
      const original = reason === DUPLICATE_REASON ? originalQuestionOf(closed.close_msg) : undefined;
      if (original) await this.duplicates.add({ question: number, by: closed.by, at: closed.at, original });
      else this.files.history.row(closureRow(number, closed, reason, this.numbers));
    }
    if (question.deleted) this.files.history.row(deletionRow(number, question.deleted, this.numbers));
    else {
      for (const slug of question.revisions.at(-1)?.tags ?? [])
        this.tagCounts.set(slug, (this.tagCounts.get(slug) ?? 0) + 1);
    }
  }

  private async answer(answer: ImportedAnswer, facts?: DumpFacts): Promise<void> {
    const questionNumber = this.numbers.posts.of(answer.question_id);
    if (answer.pending || questionNumber === undefined) return;
    const number = this.numbers.posts.assign(answer.id);
    await this.answers.add(answerRow(answer, number, questionNumber, this.numbers, facts));
    for (const row of revisionRows(answer, number, this.numbers)) this.files.history.row(row);
    if (answer.deleted) this.files.history.row(deletionRow(number, answer.deleted, this.numbers));
    if (answer.accepted) {
      this.accepted.set(answer.question_id, number);
      this.files.votes.row(voteRow(this.numbers, number, VOTE_TYPES.accepted, answer.accepted.at));
    }
  }

  /** A question's or an answer's number; undefined for anything else, or a post the dump left out. */
  private postNumber(id: string): number | undefined {
    const type = objectTypeOf(id);
    return type === 'question' || type === 'answer' ? this.numbers.posts.of(id) : undefined;
  }

  private comment(comment: ImportedComment, facts?: DumpFacts): void {
    // The dumps hold no deleted comment, and a held one was never public.
    const post = this.postNumber(comment.object_id);
    if (comment.deleted || comment.pending || post === undefined) return;
    this.files.comments.row(commentRow(comment, post, this.numbers, facts?.score));
  }

  private link(link: ImportedLink): void {
    const from = this.postNumber(linkSource(link));
    const to = this.postNumber(link.to_question_id);
    if (from !== undefined && to !== undefined)
      this.files.links.row(linkRow(this.numbers, from, to, LINK_TYPES.linked, link.created_at));
  }

  private vote(vote: ImportedVote): void {
    // Votes.xml is of posts: a comment's votes are its Score.
    const post = this.postNumber(vote.object_id);
    if (post === undefined) return;
    const type = vote.direction === 'up' ? VOTE_TYPES.up : VOTE_TYPES.down;
    this.files.votes.row(voteRow(this.numbers, post, type, vote.created_at));
  }

  private bookmark(bookmark: ImportedBookmark): void {
    const post = this.postNumber(bookmark.question_id);
    const user = this.numbers.users.of(bookmark.user_id);
    if (post !== undefined && user !== undefined)
      this.files.votes.row(voteRow(this.numbers, post, VOTE_TYPES.favorite, bookmark.created_at, user));
  }

  private badge(award: ImportedBadgeAward): void {
    const user = this.numbers.users.of(award.user_id);
    if (user !== undefined) this.files.badges.row(badgeRow(award, user, this.numbers));
  }

  /** Writes what waited (duplicates' closures, Tags.xml, the questions and answers of Posts.xml); rows per file. */
  async close(): Promise<Record<string, number>> {
    for await (const duplicate of this.duplicates.replay()) {
      const original = this.numbers.posts.of(duplicate.original);
      this.files.history.row(closureRow(duplicate.question, duplicate, DUPLICATE_REASON, this.numbers, original));
      if (original !== undefined)
        this.files.links.row(linkRow(this.numbers, duplicate.question, original, LINK_TYPES.duplicate, duplicate.at));
      await this.files.history.flushIfFull();
    }
    const tags = new XmlFile(join(this.folder, TAGS_FILE[0]), TAGS_FILE[1]);
    for await (const pending of this.tags.replay()) {
      tags.row(tagRow(pending, this.tagCounts.get(pending.slug) ?? 0));
      await tags.flushIfFull();
    }
    await tags.close();
    const posts = this.files.posts;
    for await (const { id, head, tail } of this.questions.replay()) {
      const accepted = this.accepted.get(id);
      posts.row(accepted === undefined ? `${head} ${tail}` : `${head} AcceptedAnswerId="${accepted}" ${tail}`);
      await posts.flushIfFull();
    }
    for await (const row of this.answers.replay()) {
      posts.row(row);
      await posts.flushIfFull();
    }
    const rows: Record<string, number> = { [TAGS_FILE[0]]: tags.rows };
    for (const [key, [name]] of Object.entries(FILES)) {
      const file = this.files[key as keyof typeof FILES];
      await file.close();
      rows[name] = file.rows;
    }
    await this.removeWork();
    return rows;
  }

  /** After a failure or a stop: the files closed as they are, the work files gone. */
  async abandon(): Promise<void> {
    await Promise.allSettled(Object.values(this.files).map((file) => file.close()));
    await this.removeWork();
  }

  private async removeWork(): Promise<void> {
    await Promise.allSettled([this.questions, this.answers, this.tags, this.duplicates].map((f) => f.remove()));
    await rm(this.work, { recursive: true, force: true });
  }
}
