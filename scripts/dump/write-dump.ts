import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { attribute as a, XmlFile } from '@agora/launcher/export/xml-file';
import { Random } from '../seed/random';
import { FIRST_NAMES, INTERESTS, JOBS, LAST_NAMES, LOCATIONS } from '../seed/vocabulary';
import {
  answerBody,
  type Body,
  commentText,
  editedBody,
  questionBody,
  tagNames,
  titleOf,
  topicOf,
  ZipfTags,
} from './content';

export interface DumpOptions {
  folder: string;
  questions: number;
  /** Means per question. */
  answersPerQuestion: number;
  commentsPerQuestion: number;
  votesPerQuestion: number;
  members: number;
  seed: number;
}

export interface DumpCounts {
  files: Record<string, number>;
  questions: number;
  answers: number;
}

/** Defaults per question, and members per question (200k members for 1M questions). */
export const DUMP_RATIOS = { answers: 3, comments: 4, votes: 10, members: 0.2 };

const START = Date.UTC(2012, 0, 1);
const SPAN = 10 * 365 * 24 * 3600 * 1000;
const MINUTE = 60_000;
/** Share of posts whose author the dump no longer has (no OwnerUserId, only OwnerDisplayName). */
const DELETED_AUTHOR = 0.02;
const DUPLICATE_REASON = '101';
const OTHER_CLOSE_REASONS = ['102', '103', '104', '105'] as const;

const time = (ms: number) => new Date(ms).toISOString().slice(0, 23);
/** Votes carry a day, as in real dumps. */
const day = (ms: number) => `${new Date(ms).toISOString().slice(0, 10)}T00:00:00.000`;

/**
 * Writes a Stack Exchange data dump (the eight XML files) of `questions` questions to `folder`, row by row: the same
 * seed writes the same files. Memory holds the buffers, the tag counts and each question's post id (for duplicates
 * and links to earlier questions), not the dump.
 */
export async function writeStackExchangeDump(options: DumpOptions): Promise<DumpCounts> {
  await mkdir(options.folder, { recursive: true });
  const random = new Random(options.seed, 0x5e);
  const guid = () => guidOf(random);
  const file = (name: string, root: string) => new XmlFile(join(options.folder, name), root);
  const users = file('Users.xml', 'users');
  const posts = file('Posts.xml', 'posts');
  const history = file('PostHistory.xml', 'posthistory');
  const comments = file('Comments.xml', 'comments');
  const votes = file('Votes.xml', 'votes');
  const links = file('PostLinks.xml', 'postlinks');
  const badges = file('Badges.xml', 'badges');
  const tagsFile = file('Tags.xml', 'tags');
  const all = [users, posts, history, comments, votes, links, badges, tagsFile];

  const members = Math.max(2, options.members);
  await writeMembers(random, users, badges, members);

  const names = tagNames(Math.min(20_000, Math.max(60, Math.round(options.questions / 20))));
  const zipf = new ZipfTags(names.length);
  const tagUses = new Int32Array(names.length);
  const questionIds = new Int32Array(options.questions);
  let postId = 0;
  let historyId = 0;
  let commentId = 0;
  let voteId = 0;
  let linkId = 0;
  let answers = 0;
  const author = () => (random.chance(DELETED_AUTHOR) ? null : 1 + random.skewed(members, 2));
  const owner = (user: number | null) =>
    user === null ? `OwnerDisplayName="user${random.int(1000, 99999)}"` : `OwnerUserId="${user}"`;
  const userAttr = (user: number | null) => (user === null ? '' : ` UserId="${user}"`);

  const writeHistory = (type: number, post: number, revision: string, at: number, user: number | null, extra: string) =>
    history.row(
      `Id="${++historyId}" PostHistoryTypeId="${type}" PostId="${post}" RevisionGUID="${revision}" CreationDate="${time(at)}"${userAttr(user)}${extra} ContentLicense="CC BY-SA 4.0"`,
    );

  for (let q = 0; q < options.questions; q++) {
    const topic = topicOf(random);
    const asked = START + Math.floor(((q + random.next()) / options.questions) * SPAN);
    const asker = author();
    const questionId = ++postId;
    questionIds[q] = questionId;
    const title = titleOf(random, topic);
    const tagCount = random.int(1, 5);
    const tags: string[] = [];
    for (let t = 0; t < tagCount * 2 && tags.length < tagCount; t++) {
      const k = zipf.draw(random);
      const name = names[k] as string;
      if (!tags.includes(name)) {
        tags.push(name);
        tagUses[k] = (tagUses[k] ?? 0) + 1;
      }
    }
    const body = questionBody(random, topic);
    const answerCount = random.around(options.answersPerQuestion);
    const answerPlan: { id: number; at: number; user: number | null; body: Body }[] = [];
    for (let i = 0; i < answerCount; i++)
      answerPlan.push({
        id: ++postId,
        at: asked + random.int(2, 60 * 24 * 30) * MINUTE,
        user: author(),
        body: answerBody(random, topic),
      });
    answers += answerCount;
    const accepted = answerPlan.length > 0 && random.chance(0.5) ? random.pick(answerPlan) : undefined;
    const closing = random.next();
    const duplicateOf = q > 10 && closing < 0.015 ? questionIds[random.int(0, q - 1)] : undefined;
    const closedOther = !duplicateOf && closing > 0.985;
    const closedAt = asked + random.int(60, 60 * 24 * 3) * MINUTE;
    const deleted = random.chance(0.01);
    const edited = random.chance(0.15);
    const finalBody = edited ? editedBody(body, random) : body;
    const views = 10 + random.skewed(50_000, 3);
    const closedAttr = duplicateOf || closedOther ? ` ClosedDate="${time(closedAt)}"` : '';
    const acceptedAttr = accepted ? ` AcceptedAnswerId="${accepted.id}"` : '';

    posts.row(
      `Id="${questionId}" PostTypeId="1"${acceptedAttr} CreationDate="${time(asked)}" Score="${random.int(-2, 40)}" ViewCount="${views}" Body="${a(finalBody.html)}" ${owner(asker)} LastActivityDate="${time(asked)}" Title="${a(title)}" Tags="|${a(tags.join('|'))}|" AnswerCount="${answerCount}" CommentCount="0" ContentLicense="CC BY-SA 4.0"${closedAttr}`,
    );
    const initial = guid();
    writeHistory(1, questionId, initial, asked, asker, ` Text="${a(title)}"`);
    writeHistory(2, questionId, initial, asked, asker, ` Text="${a(body.markdown)}"`);
    writeHistory(3, questionId, initial, asked, asker, ` Text="|${a(tags.join('|'))}|"`);
    if (edited) {
      const editor = author();
      writeHistory(
        5,
        questionId,
        guid(),
        asked + random.int(5, 600) * MINUTE,
        editor,
        ` Comment="added what I tried" Text="${a(finalBody.markdown)}"`,
      );
    }
    if (duplicateOf) {
      const voter = 1 + random.skewed(members, 2);
      writeHistory(
        10,
        questionId,
        guid(),
        closedAt,
        voter,
        ` Comment="${DUPLICATE_REASON}" Text="${a(JSON.stringify({ Voters: [{ Id: voter, DisplayName: `user${voter}` }], OriginalQuestionIds: [duplicateOf] }))}"`,
      );
      links.row(
        `Id="${++linkId}" CreationDate="${time(closedAt)}" PostId="${questionId}" RelatedPostId="${duplicateOf}" LinkTypeId="3"`,
      );
    } else if (closedOther) {
      const voter = 1 + random.skewed(members, 2);
      writeHistory(
        10,
        questionId,
        guid(),
        closedAt,
        voter,
        ` Comment="${random.pick(OTHER_CLOSE_REASONS)}" Text="${a(JSON.stringify({ Voters: [{ Id: voter, DisplayName: `user${voter}` }] }))}"`,
      );
    }
    if (deleted)
      writeHistory(12, questionId, guid(), asked + random.int(60, 6000) * MINUTE, 1 + random.skewed(members, 2), '');
    if (q > 10 && random.chance(0.05)) {
      const target = questionIds[random.int(0, q - 1)];
      links.row(
        `Id="${++linkId}" CreationDate="${time(asked)}" PostId="${questionId}" RelatedPostId="${target}" LinkTypeId="1"`,
      );
    }

    for (const answer of answerPlan) {
      posts.row(
        `Id="${answer.id}" PostTypeId="2" ParentId="${questionId}" CreationDate="${time(answer.at)}" Score="${random.int(-1, 30)}" Body="${a(answer.body.html)}" ${owner(answer.user)} LastActivityDate="${time(answer.at)}" CommentCount="0" ContentLicense="CC BY-SA 4.0"`,
      );
      writeHistory(2, answer.id, guid(), answer.at, answer.user, ` Text="${a(answer.body.markdown)}"`);
    }
    if (accepted)
      votes.row(
        `Id="${++voteId}" PostId="${accepted.id}" VoteTypeId="1" CreationDate="${day(accepted.at + 3600_000)}"`,
      );

    const thread = [questionId, ...answerPlan.map((answer) => answer.id)];
    for (let c = random.around(options.commentsPerQuestion); c > 0; c--) {
      const user = author();
      const on = random.pick(thread);
      const who = user === null ? ` UserDisplayName="user${random.int(1000, 99999)}"` : ` UserId="${user}"`;
      comments.row(
        `Id="${++commentId}" PostId="${on}" Score="${random.int(0, 5)}" Text="${a(commentText(random))}" CreationDate="${time(asked + random.int(1, 60 * 24 * 60) * MINUTE)}"${who} ContentLicense="CC BY-SA 4.0"`,
      );
    }
    for (let v = random.around(options.votesPerQuestion); v > 0; v--) {
      const roll = random.next();
      const at = day(asked + random.int(1, 60 * 24 * 365) * MINUTE);
      if (roll < 0.05)
        votes.row(
          `Id="${++voteId}" PostId="${questionId}" VoteTypeId="5" UserId="${1 + random.skewed(members, 2)}" CreationDate="${at}"`,
        );
      else
        votes.row(
          `Id="${++voteId}" PostId="${random.pick(thread)}" VoteTypeId="${roll < 0.87 ? 2 : 3}" CreationDate="${at}"`,
        );
    }
    if ((q & 255) === 0) await Promise.all(all.map((f) => f.flushIfFull()));
  }

  // Tag wikis: an excerpt and a wiki post for the most used tags, after every question's posts.
  const wikiCount = Math.min(names.length, Math.max(5, Math.round(names.length / 5)));
  for (let k = 0; k < names.length; k++) {
    const name = names[k] as string;
    let wikiAttrs = '';
    if (k < wikiCount) {
      const excerptId = ++postId;
      const wikiId = ++postId;
      const at = time(START + random.int(0, 30) * 24 * 3600_000);
      posts.row(
        `Id="${excerptId}" PostTypeId="4" CreationDate="${at}" Score="0" Body="${a(`Questions about ${name}.`)}" OwnerUserId="-1" LastActivityDate="${at}" CommentCount="0" ContentLicense="CC BY-SA 4.0"`,
      );
      posts.row(
        `Id="${wikiId}" PostTypeId="5" CreationDate="${at}" Score="0" Body="${a(`<p>The <strong>${name}</strong> tag is for questions about ${name}.</p>\n<ul>\n<li>Read the documentation first.</li>\n</ul>`)}" OwnerUserId="${1 + random.skewed(members, 2)}" LastActivityDate="${at}" CommentCount="0" ContentLicense="CC BY-SA 4.0"`,
      );
      wikiAttrs = ` ExcerptPostId="${excerptId}" WikiPostId="${wikiId}"`;
    }
    tagsFile.row(`Id="${k + 1}" TagName="${a(name)}" Count="${tagUses[k] ?? 0}"${wikiAttrs}`);
  }

  for (const f of all) await f.close();
  return {
    files: {
      'Users.xml': users.rows,
      'Posts.xml': posts.rows,
      'PostHistory.xml': history.rows,
      'Comments.xml': comments.rows,
      'Votes.xml': votes.rows,
      'PostLinks.xml': links.rows,
      'Badges.xml': badges.rows,
      'Tags.xml': tagsFile.rows,
    },
    questions: options.questions,
    answers,
  };
}

const BADGES = [
  ['Student', 3],
  ['Teacher', 3],
  ['Editor', 3],
  ['Nice Question', 3],
  ['Good Answer', 2],
  ['Yearling', 2],
  ['Great Answer', 1],
  ['Famous Question', 1],
] as const;

async function writeMembers(random: Random, users: XmlFile, badges: XmlFile, members: number): Promise<void> {
  users.row(
    `Id="-1" Reputation="1" CreationDate="${time(START - 86_400_000)}" DisplayName="Community" LastAccessDate="${time(START)}" Location="on the server farm" AboutMe="${a("<p>Hi, I'm not really a person.</p>")}" Views="0" UpVotes="0" DownVotes="0" AccountId="-1"`,
  );
  let badgeId = 0;
  for (let id = 1; id <= members; id++) {
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const joined = START + Math.floor((id / members) * SPAN * 0.8);
    const reputation = 1 + random.skewed(100_000, 4);
    const about = random.chance(0.3)
      ? ` AboutMe="${a(`<p>${random.pick(JOBS)}. Into ${random.pick(INTERESTS)}.</p>\n<ul>\n<li><a href="https://example.org/u/${id}" rel="nofollow">my site</a></li>\n</ul>`)}"`
      : '';
    const location = random.chance(0.5) ? ` Location="${a(random.pick(LOCATIONS))}"` : '';
    const website = random.chance(0.2) ? ` WebsiteUrl="https://example.org/u/${id}"` : '';
    const image = random.chance(0.3) ? ` ProfileImageUrl="https://i.example.org/avatars/${id}.png"` : '';
    users.row(
      `Id="${id}" Reputation="${reputation}" CreationDate="${time(joined)}" DisplayName="${a(name)}" LastAccessDate="${time(joined + SPAN * 0.1)}"${website}${location}${about} Views="${random.int(0, 500)}" UpVotes="0" DownVotes="0"${image} AccountId="${id + 1000}"`,
    );
    for (let b = random.around(0.5); b > 0; b--) {
      const [badge, rank] = random.pick(BADGES);
      badges.row(
        `Id="${++badgeId}" UserId="${id}" Name="${badge}" Date="${time(joined + random.int(1, 900) * 86_400_000)}" Class="${rank}" TagBased="False"`,
      );
    }
    if ((id & 1023) === 0) await Promise.all([users.flushIfFull(), badges.flushIfFull()]);
  }
}

/** A RevisionGUID from the seeded stream (randomUUID would differ run to run). */
function guidOf(random: Random): string {
  const hex = () =>
    Math.floor(random.next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  const [a, b, c, d] = [hex(), hex(), hex(), hex()];
  return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-a${c.slice(1, 4)}-${c.slice(4)}${d}`;
}
