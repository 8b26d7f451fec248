import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedClosure, ImportedRevision } from '@agora/contracts/import/records';
import { closeReasonOf, originalOfClosure } from './close-reasons';
import { htmlToMarkdown } from './html-to-markdown';
import { memberId, PLACEHOLDER_USER_ID, POST_REVISION_OFFSET } from './ids';
import { splitTags } from './xml-rows';

/** A staged Posts row, as the question and answer queries read it. */
export interface StagedPost {
  id: string;
  post_type: number;
  created_at: string;
  body: string | null;
  title: string | null;
  /** `a|b`, as staged. */
  tags: string | null;
  owner_user_id: string | null;
  owner_known: boolean;
  closed_at: string | null;
  deleted_at: string | null;
  /** A PostLinks duplicate link from this post, if any. */
  duplicate_of: string | null;
}

/** A staged PostHistory row, oldest first within its post. */
export interface StagedHistory {
  id: string;
  history_type: number;
  post_id: string;
  revision_guid: string | null;
  created_at: string;
  user_id: string | null;
  user_known: boolean;
  comment: string | null;
  text: string | null;
}

export interface PostStory {
  revisions: ImportedRevision[];
  closed?: ImportedClosure;
  deleted?: { by: string; at: string };
}

const TITLE = new Set([1, 4, 7]);
const BODY = new Set([2, 5, 8]);
const TAGS = new Set([3, 6, 9]);
const EDITS = new Set([4, 5, 6, 7, 8, 9]);

/**
 * A post's revisions, closure and deletion from its PostHistory rows (docs/behaviour-decisions.md, "Importing a
 * Stack Exchange dump"). The rows of one revision (title, body, tags: initial 1–3, edits 4–6, rollbacks 7–9) share a
 * RevisionGUID and become one revision; a field a revision does not change keeps its last value. History texts are
 * Markdown already (the source the author typed); a field the history never gives, or a post without history,
 * comes from the Posts row, whose Body is rendered HTML and is converted.
 */
export function storyOf(post: StagedPost, history: readonly StagedHistory[]): PostStory {
  const question = post.post_type === 1;
  const groups = new Map<string, StagedHistory[]>();
  for (const row of history) {
    if (!TITLE.has(row.history_type) && !BODY.has(row.history_type) && !TAGS.has(row.history_type)) continue;
    const key = row.revision_guid ?? `row:${row.id}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }

  let fromPost: { title: string; content: string; tags: string[] } | undefined;
  const posted = () => {
    fromPost ??= {
      title: post.title ?? '',
      content: htmlToMarkdown(post.body ?? ''),
      tags: post.tags ? post.tags.split('|') : [],
    };
    return fromPost;
  };

  const revisions: ImportedRevision[] = [];
  let title: string | undefined;
  let content: string | undefined;
  let tags: string[] | undefined;
  for (const rows of groups.values()) {
    let summary = '';
    for (const row of rows) {
      if (TITLE.has(row.history_type)) title = row.text ?? '';
      else if (BODY.has(row.history_type)) content = row.text ?? '';
      else tags = splitTags(row.text ?? '');
      if (EDITS.has(row.history_type) && row.comment && !summary) summary = row.comment;
    }
    const first = rows[0] as StagedHistory;
    revisions.push({
      id: idFromNumber('revision', minimumId(rows)),
      editor_id: memberId(first.user_id, first.user_known),
      created_at: first.created_at,
      summary,
      ...(question ? { title: title ?? posted().title } : {}),
      content: content ?? posted().content,
      ...(question ? { tags: tags ?? posted().tags } : {}),
    });
  }
  if (revisions.length === 0) {
    revisions.push({
      id: idFromNumber('revision', POST_REVISION_OFFSET + BigInt(post.id)),
      editor_id: memberId(post.owner_user_id, post.owner_known),
      created_at: post.created_at,
      summary: '',
      ...(question ? { title: posted().title } : {}),
      content: posted().content,
      ...(question ? { tags: posted().tags } : {}),
    });
  }

  let closed: ImportedClosure | undefined;
  let deleted: { by: string; at: string } | undefined;
  for (const row of history) {
    const by = memberId(row.user_id, row.user_known);
    if (row.history_type === 10 && question) {
      const original = originalOfClosure(row.text) ?? post.duplicate_of;
      closed = { by, at: row.created_at, ...closeReasonOf(row.comment, original) };
    } else if (row.history_type === 11) closed = undefined;
    else if (row.history_type === 12) deleted = { by, at: row.created_at };
    else if (row.history_type === 13) deleted = undefined;
  }
  // A Posts row that says closed or deleted without a history row saying who: the placeholder did it.
  if (!closed && question && post.closed_at && !history.some((row) => row.history_type === 11))
    closed = {
      by: PLACEHOLDER_USER_ID,
      at: post.closed_at,
      ...closeReasonOf(post.duplicate_of ? '101' : null, post.duplicate_of),
    };
  if (!deleted && post.deleted_at && !history.some((row) => row.history_type === 13))
    deleted = { by: PLACEHOLDER_USER_ID, at: post.deleted_at };

  return { revisions, ...(closed ? { closed } : {}), ...(deleted ? { deleted } : {}) };
}

function minimumId(rows: readonly StagedHistory[]): bigint {
  return rows.reduce(
    (least, row) => (BigInt(row.id) < least ? BigInt(row.id) : least),
    BigInt((rows[0] as StagedHistory).id),
  );
}
