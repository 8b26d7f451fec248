/**
 * The files of a Stack Exchange data dump this reader takes, and the attributes of their rows it keeps
 * (docs/adr/0094-importing-a-community.md). Each file is staged into one table of the same columns; an attribute
 * marked `required` missing from a row stops the import with the file and row named.
 */

export type ColumnType = 'bigint' | 'integer' | 'text' | 'time' | 'tags' | 'boolean';

export interface DumpColumn {
  /** The row's attribute in the dump. */
  attribute: string;
  /** The staging table's column. */
  column: string;
  type: ColumnType;
  required?: boolean;
}

export interface DumpFile {
  /** `Posts.xml`. */
  name: string;
  /** The root element's name (`posts`). */
  root: string;
  table: string;
  /** Without it the dump cannot be imported; an optional file that is absent reads as empty. */
  required: boolean;
  columns: DumpColumn[];
}

const id: DumpColumn = { attribute: 'Id', column: 'id', type: 'bigint', required: true };

export const DUMP_FILES: readonly DumpFile[] = [
  {
    name: 'Users.xml',
    root: 'users',
    table: 'users',
    required: true,
    columns: [
      id,
      { attribute: 'Reputation', column: 'reputation', type: 'integer' },
      { attribute: 'CreationDate', column: 'created_at', type: 'time', required: true },
      { attribute: 'DisplayName', column: 'display_name', type: 'text' },
      { attribute: 'LastAccessDate', column: 'last_access_at', type: 'time' },
      { attribute: 'WebsiteUrl', column: 'website', type: 'text' },
      { attribute: 'Location', column: 'location', type: 'text' },
      { attribute: 'AboutMe', column: 'about_me', type: 'text' },
      { attribute: 'ProfileImageUrl', column: 'profile_image_url', type: 'text' },
    ],
  },
  {
    name: 'Posts.xml',
    root: 'posts',
    table: 'posts',
    required: true,
    columns: [
      id,
      { attribute: 'PostTypeId', column: 'post_type', type: 'integer', required: true },
      { attribute: 'ParentId', column: 'parent_id', type: 'bigint' },
      { attribute: 'AcceptedAnswerId', column: 'accepted_answer_id', type: 'bigint' },
      { attribute: 'CreationDate', column: 'created_at', type: 'time', required: true },
      { attribute: 'ViewCount', column: 'view_count', type: 'integer' },
      { attribute: 'Body', column: 'body', type: 'text' },
      { attribute: 'OwnerUserId', column: 'owner_user_id', type: 'bigint' },
      { attribute: 'OwnerDisplayName', column: 'owner_display_name', type: 'text' },
      { attribute: 'LastEditorUserId', column: 'last_editor_user_id', type: 'bigint' },
      { attribute: 'Title', column: 'title', type: 'text' },
      { attribute: 'Tags', column: 'tags', type: 'tags' },
      { attribute: 'ClosedDate', column: 'closed_at', type: 'time' },
      { attribute: 'DeletionDate', column: 'deleted_at', type: 'time' },
    ],
  },
  {
    name: 'Tags.xml',
    root: 'tags',
    table: 'tags',
    required: true,
    columns: [
      id,
      { attribute: 'TagName', column: 'name', type: 'text', required: true },
      { attribute: 'ExcerptPostId', column: 'excerpt_post_id', type: 'bigint' },
      { attribute: 'WikiPostId', column: 'wiki_post_id', type: 'bigint' },
      { attribute: 'IsModeratorOnly', column: 'moderator_only', type: 'boolean' },
    ],
  },
  {
    name: 'PostHistory.xml',
    root: 'posthistory',
    table: 'post_history',
    required: false,
    columns: [
      id,
      { attribute: 'PostHistoryTypeId', column: 'history_type', type: 'integer', required: true },
      { attribute: 'PostId', column: 'post_id', type: 'bigint', required: true },
      { attribute: 'RevisionGUID', column: 'revision_guid', type: 'text' },
      { attribute: 'CreationDate', column: 'created_at', type: 'time', required: true },
      { attribute: 'UserId', column: 'user_id', type: 'bigint' },
      { attribute: 'Comment', column: 'comment', type: 'text' },
      { attribute: 'Text', column: 'text', type: 'text' },
    ],
  },
  {
    name: 'Comments.xml',
    root: 'comments',
    table: 'comments',
    required: false,
    columns: [
      id,
      { attribute: 'PostId', column: 'post_id', type: 'bigint', required: true },
      { attribute: 'Text', column: 'text', type: 'text' },
      { attribute: 'CreationDate', column: 'created_at', type: 'time', required: true },
      { attribute: 'UserId', column: 'user_id', type: 'bigint' },
      { attribute: 'UserDisplayName', column: 'user_display_name', type: 'text' },
    ],
  },
  {
    name: 'Votes.xml',
    root: 'votes',
    table: 'votes',
    required: false,
    columns: [
      id,
      { attribute: 'PostId', column: 'post_id', type: 'bigint', required: true },
      { attribute: 'VoteTypeId', column: 'vote_type', type: 'integer', required: true },
      { attribute: 'UserId', column: 'user_id', type: 'bigint' },
      { attribute: 'CreationDate', column: 'created_at', type: 'time', required: true },
    ],
  },
  {
    name: 'PostLinks.xml',
    root: 'postlinks',
    table: 'post_links',
    required: false,
    columns: [
      id,
      { attribute: 'CreationDate', column: 'created_at', type: 'time', required: true },
      { attribute: 'PostId', column: 'post_id', type: 'bigint', required: true },
      { attribute: 'RelatedPostId', column: 'related_post_id', type: 'bigint', required: true },
      { attribute: 'LinkTypeId', column: 'link_type', type: 'integer', required: true },
    ],
  },
  {
    name: 'Badges.xml',
    root: 'badges',
    table: 'badges',
    required: false,
    columns: [
      id,
      { attribute: 'UserId', column: 'user_id', type: 'bigint', required: true },
      { attribute: 'Name', column: 'name', type: 'text', required: true },
      { attribute: 'Date', column: 'created_at', type: 'time', required: true },
      { attribute: 'Class', column: 'class', type: 'integer' },
      { attribute: 'TagBased', column: 'tag_based', type: 'boolean' },
    ],
  },
];

export const REQUIRED_FILES = DUMP_FILES.filter((file) => file.required).map((file) => file.name);
