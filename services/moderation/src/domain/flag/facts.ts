import { PostStatus } from '@agora/contracts';

/** What a flag is about, as moderation knows it when the flag is raised or handled (from posts' and identity's events). */
export interface FlaggedObject {
  objectId: string;
  objectType: 'question' | 'answer' | 'comment' | 'user';
  /** The question a post belongs to ('' for a member). */
  questionId: string;
  /** The post's author, or the member themself. */
  userId: string;
  /** `PostStatus` of a post; a member's `deleted` maps to `PostStatus.deleted`. */
  status: number;
  /** A question's title and tags, a post's text: what an edit keeps when the handler leaves it out. */
  title: string;
  content: string;
  tags: { slug_name: string; display_name: string }[];
}

export function isGone(object: FlaggedObject | null): boolean {
  return !object || object.status === PostStatus.deleted;
}
