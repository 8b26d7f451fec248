/**
 * A community on its way in (docs/adr/0094-importing-a-community.md): what a source reader (an Apache Answer
 * database, a Stack Exchange dump, Agora's own export) turns its rows into, and what each service's import
 * sink turns into its own events. Ids are already Agora's (`legacy-ids.ts` keeps the source's numbers in them),
 * times are ISO 8601 in UTC, texts are Markdown. A reader yields the kinds in the order of `IMPORT_KINDS`, so
 * that whatever a record names has come before it.
 */

/** Where an imported member's password hash came from: verified by its own scheme, rehashed at the next sign-in. */
export type ImportedPasswordScheme = 'bcrypt' | 'argon2id';

export interface ImportedMember {
  kind: 'member';
  id: string;
  username: string;
  display_name: string;
  /** Empty when the source has none (a Stack Exchange dump): such a member signs in only after a reset by an admin. */
  email: string;
  password?: { scheme: ImportedPasswordScheme; hash: string };
  /** 1 user, 2 admin, 3 moderator (the reference's role ids). */
  role_id: number;
  status: 'normal' | 'inactive' | 'suspended' | 'deleted';
  /** A suspension's end; absent for a permanent one. */
  suspended_until?: string;
  created_at: string;
  last_login_at?: string;
  /** Markdown. */
  bio: string;
  website: string;
  location: string;
  avatar: { type: 'default' | 'gravatar' | 'custom'; gravatar: string; custom: string };
  language: string;
  /** The reputation total the source shows: kept as it is, whatever the history adds up to. */
  reputation: number;
  external_logins: { provider: string; external_id: string; meta: string }[];
  /** Stands for the authors of posts whose member the source no longer has (one per import). */
  placeholder?: boolean;
}

export interface ImportedTag {
  kind: 'tag';
  id: string;
  slug_name: string;
  display_name: string;
  /** The wiki, Markdown; empty when none. */
  wiki: string;
  /** The short description shown in lists (a Stack Exchange excerpt); empty when the wiki's start serves. */
  excerpt: string;
  /** The main tag this one is a synonym of. */
  main_tag_slug?: string;
  recommend: boolean;
  reserved: boolean;
  deleted: boolean;
  user_id: string;
  created_at: string;
}

/** One version of a post's text, oldest first; the last one is what the post shows. */
export interface ImportedRevision {
  id: string;
  editor_id: string;
  created_at: string;
  summary: string;
  /** Questions only. */
  title?: string;
  content: string;
  /** Questions only: slugs. */
  tags?: string[];
}

export interface ImportedClosure {
  by: string;
  at: string;
  /** A close reason's type (the reasons catalogue; 60 a duplicate). */
  close_type: number;
  close_msg: string;
}

export interface ImportedQuestion {
  kind: 'question';
  id: string;
  user_id: string;
  created_at: string;
  /** At least one; the first is the ask. */
  revisions: ImportedRevision[];
  closed?: ImportedClosure;
  deleted?: { by: string; at: string };
  pinned: boolean;
  hidden: boolean;
  view_count: number;
  /** Held for review at the source (a reviewer plugin's queue, a post waiting for approval): not to be published as it is. */
  pending?: boolean;
}

export interface ImportedAnswer {
  kind: 'answer';
  id: string;
  question_id: string;
  user_id: string;
  created_at: string;
  revisions: ImportedRevision[];
  accepted?: { by: string; at: string };
  deleted?: { by: string; at: string };
  /** Held for review at the source (a reviewer plugin's queue, a post waiting for approval): not to be published as it is. */
  pending?: boolean;
}

export interface ImportedComment {
  kind: 'comment';
  id: string;
  /** The question or answer it is on. */
  object_id: string;
  question_id: string;
  user_id: string;
  reply_to_user_id?: string;
  reply_to_comment_id?: string;
  content: string;
  created_at: string;
  deleted: boolean;
  /** Held for review at the source (a reviewer plugin's queue, a post waiting for approval): not to be published as it is. */
  pending?: boolean;
}

/**
 * A vote on a post. `voter_id` absent: the source does not say who voted (a Stack Exchange dump); it counts on
 * the post and nowhere else, and no member is invented for it.
 */
export interface ImportedVote {
  kind: 'vote';
  /** The source's own number for the vote, when it has one: a vote without a voter is written once by it. */
  id?: string;
  object_id: string;
  voter_id?: string;
  direction: 'up' | 'down';
  created_at: string;
}

export interface ImportedBookmark {
  kind: 'bookmark';
  user_id: string;
  question_id: string;
  created_at: string;
}

export interface ImportedFollow {
  kind: 'follow';
  user_id: string;
  /** A question or a tag. */
  object_id: string;
  created_at: string;
}

/** One entry of a member's reputation history (the total to keep is the member's `reputation`). */
export interface ImportedReputation {
  kind: 'reputation';
  user_id: string;
  delta: number;
  /** The source's activity key (`question.voted_up`, `answer.accepted`, …). */
  reason: string;
  object_id: string;
  trigger_user_id?: string;
  created_at: string;
}

export interface ImportedBadgeAward {
  kind: 'badge_award';
  id: string;
  user_id: string;
  /** Agora's badge catalogue name when the source's badge has a counterpart, else the source's own name. */
  badge: string;
  /** The post that earned it; empty when none. */
  award_key: string;
  created_at: string;
}

export interface ImportedFlag {
  kind: 'flag';
  id: string;
  user_id: string;
  object_id: string;
  /** A flag reason's type (the reasons catalogue). */
  reason_type: number;
  content: string;
  status: 'pending' | 'handled' | 'ignored';
  created_at: string;
}

/** A suggested edit waiting for review: the post's revision that is not applied. */
export interface ImportedPendingRevision {
  kind: 'pending_revision';
  object_id: string;
  revision: ImportedRevision;
}

export interface ImportedReaction {
  kind: 'reaction';
  object_id: string;
  user_id: string;
  emoji: string;
}

/** A link from one question (or one of its answers) to another question, as `#<id>` or a question URL makes one. */
export interface ImportedLink {
  kind: 'link';
  from_question_id: string;
  from_answer_id?: string;
  to_question_id: string;
  created_at: string;
}

/** An uploaded file, copied under Agora's uploads; `url` is where posts embedded it at the source. */
export interface ImportedFile {
  kind: 'file';
  user_id: string;
  /** Relative to the upload directory the operator named (`--uploads`). */
  path: string;
  url: string;
  source: 'avatar' | 'post' | 'attachment' | 'branding';
}

/** One settings group as the admin pages keep it (site `settings` group names), merged over the defaults. */
export interface ImportedSettings {
  kind: 'settings';
  group: string;
  values: Record<string, unknown>;
}

export type ImportRecord =
  | ImportedSettings
  | ImportedMember
  | ImportedTag
  | ImportedQuestion
  | ImportedAnswer
  | ImportedComment
  | ImportedPendingRevision
  | ImportedLink
  | ImportedVote
  | ImportedBookmark
  | ImportedFollow
  | ImportedReaction
  | ImportedReputation
  | ImportedBadgeAward
  | ImportedFlag
  | ImportedFile;

export type ImportKind = ImportRecord['kind'];

/** The order a reader yields kinds in: everything a record names comes earlier. */
export const IMPORT_KINDS: readonly ImportKind[] = [
  'settings',
  'member',
  'file',
  'tag',
  'question',
  'answer',
  'comment',
  'pending_revision',
  'link',
  'vote',
  'bookmark',
  'follow',
  'reaction',
  'reputation',
  'badge_award',
  'flag',
];

/** What became of records of one kind. */
export interface ImportTally {
  imported: number;
  skipped: number;
  /** Why records were skipped, with how many each time. */
  reasons: Record<string, number>;
  /** What was changed or left out of records imported all the same (a clashing username renamed), with how many. */
  notes?: Record<string, number>;
}
