import type { DumpRow, writeDump } from './stackexchange-dump';

/**
 * A small Stack Exchange dump with one of each thing the reader maps and the HTML a converter trips on (code
 * blocks, nested lists, tables, images, entities), shared by the reader's test and the import's end-to-end test.
 */
export const BODY_HTML = [
  '<p>Edge cases &amp; entities: &lt;div&gt; &copy;</p>',
  '<pre class="lang-py prettyprint-override"><code>if a &lt; b:\n\n    print("``")\n</code></pre>',
  '<ul>\n<li>outer\n<ol>\n<li>inner</li>\n</ol></li>\n</ul>',
  '<table>\n<thead>\n<tr>\n<th>k</th>\n<th>v</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>a</td>\n<td>1</td>\n</tr>\n</tbody>\n</table>',
  '<p><img src="https://i.stack.imgur.com/x.png" alt="shot"> <kbd>Esc</kbd></p>',
].join('\n\n');

export const USERS: DumpRow[] = [
  { Id: -1, Reputation: 1, CreationDate: '2010-01-01T00:00:00.000', DisplayName: 'Community' },
  {
    Id: 1,
    Reputation: 1234,
    CreationDate: '2010-02-01T10:00:00.000',
    DisplayName: 'Ada Lovelace',
    LastAccessDate: '2020-01-01T00:00:00.000',
    WebsiteUrl: 'https://ada.example',
    Location: 'London',
    AboutMe: '<p>I write <strong>programs</strong>.</p>',
    ProfileImageUrl: 'https://i.example/ada.png',
  },
  { Id: 2, Reputation: 10, CreationDate: '2010-03-01T10:00:00.000', DisplayName: 'Ünïcode  Name!' },
];

export const POSTS: DumpRow[] = [
  {
    Id: 10,
    PostTypeId: 1,
    AcceptedAnswerId: 11,
    CreationDate: '2011-01-01T12:00:00.123',
    ViewCount: 321,
    Body: '<p>final html</p>',
    OwnerUserId: 1,
    Title: 'Final title',
    Tags: '<python><regex>',
    ClosedDate: '2011-02-01T00:00:00.000',
  },
  {
    Id: 11,
    PostTypeId: 2,
    ParentId: 10,
    CreationDate: '2011-01-02T12:00:00.000',
    Body: '<p>answer</p>',
    OwnerUserId: 2,
  },
  {
    Id: 12,
    PostTypeId: 2,
    ParentId: 10,
    CreationDate: '2011-01-03T12:00:00.000',
    Body: BODY_HTML,
    OwnerDisplayName: 'gone user',
  },
  {
    Id: 30,
    PostTypeId: 1,
    CreationDate: '2010-12-01T12:00:00.000',
    Body: '<p>Original <em>question</em></p>',
    OwnerUserId: 77,
    Title: 'The original',
    Tags: '|python|orphan-tag|',
    ViewCount: 5,
  },
  {
    Id: 40,
    PostTypeId: 1,
    CreationDate: '2011-05-01T00:00:00.000',
    Body: '<p>deleted</p>',
    OwnerUserId: -1,
    Title: 'Deleted one',
    Tags: '<regex>',
  },
  { Id: 50, PostTypeId: 4, CreationDate: '2010-06-01T00:00:00.000', Body: 'Python is a language.', OwnerUserId: -1 },
  {
    Id: 51,
    PostTypeId: 5,
    CreationDate: '2010-06-01T00:00:00.000',
    Body: '<p>The <code>python</code> wiki.</p>',
    OwnerUserId: 2,
  },
  {
    Id: 60,
    PostTypeId: 2,
    ParentId: 999,
    CreationDate: '2011-01-01T00:00:00.000',
    Body: '<p>orphan</p>',
    OwnerUserId: 1,
  },
  { Id: 70, PostTypeId: 6, CreationDate: '2011-01-01T00:00:00.000', Body: '<p>nomination</p>', OwnerUserId: 1 },
];

export const G1 = 'aaaaaaaa-0000-0000-0000-000000000001';
export const G2 = 'aaaaaaaa-0000-0000-0000-000000000002';
export const HISTORY: DumpRow[] = [
  {
    Id: 100,
    PostHistoryTypeId: 1,
    PostId: 10,
    RevisionGUID: G1,
    CreationDate: '2011-01-01T12:00:00.123',
    UserId: 1,
    Text: 'First title',
  },
  {
    Id: 101,
    PostHistoryTypeId: 2,
    PostId: 10,
    RevisionGUID: G1,
    CreationDate: '2011-01-01T12:00:00.123',
    UserId: 1,
    Text: 'First **body**\n\n    code',
  },
  {
    Id: 102,
    PostHistoryTypeId: 3,
    PostId: 10,
    RevisionGUID: G1,
    CreationDate: '2011-01-01T12:00:00.123',
    UserId: 1,
    Text: '<python>',
  },
  {
    Id: 103,
    PostHistoryTypeId: 4,
    PostId: 10,
    RevisionGUID: G2,
    CreationDate: '2011-01-05T00:00:00.000',
    UserId: 2,
    Comment: 'better title',
    Text: 'Final title',
  },
  {
    Id: 104,
    PostHistoryTypeId: 6,
    PostId: 10,
    RevisionGUID: G2,
    CreationDate: '2011-01-05T00:00:00.000',
    UserId: 2,
    Comment: 'better title',
    Text: '|python|regex|',
  },
  {
    Id: 105,
    PostHistoryTypeId: 10,
    PostId: 10,
    CreationDate: '2011-02-01T00:00:00.000',
    UserId: 2,
    Comment: '101',
    Text: '{"Voters":[{"Id":2,"DisplayName":"x"}],"OriginalQuestionIds":[30]}',
  },
  {
    Id: 106,
    PostHistoryTypeId: 2,
    PostId: 11,
    RevisionGUID: 'b1',
    CreationDate: '2011-01-02T12:00:00.000',
    UserId: 2,
    Text: 'answer *md*',
  },
  {
    Id: 107,
    PostHistoryTypeId: 1,
    PostId: 40,
    RevisionGUID: 'c1',
    CreationDate: '2011-05-01T00:00:00.000',
    Text: 'Deleted one',
  },
  { Id: 108, PostHistoryTypeId: 12, PostId: 40, CreationDate: '2011-05-02T00:00:00.000', UserId: 1 },
  { Id: 109, PostHistoryTypeId: 2, PostId: 999, CreationDate: '2011-05-02T00:00:00.000', UserId: 1, Text: 'gone' },
];

export const DUMP: Parameters<typeof writeDump>[1] = {
  'Users.xml': USERS,
  'Posts.xml': POSTS,
  'PostHistory.xml': HISTORY,
  'Tags.xml': [
    { Id: 1, TagName: 'python', Count: 2, ExcerptPostId: 50, WikiPostId: 51, IsModeratorOnly: 'True' },
    { Id: 2, TagName: 'regex', Count: 2 },
  ],
  'Comments.xml': [
    {
      Id: 500,
      PostId: 10,
      Text: 'see [docs](https://docs.example) and `code`',
      CreationDate: '2011-01-01T13:00:00.000',
      UserId: 2,
    },
    { Id: 501, PostId: 12, Text: 'anon', CreationDate: '2011-01-04T13:00:00.000', UserDisplayName: 'someone' },
    { Id: 502, PostId: 999, Text: 'on a missing post', CreationDate: '2011-01-04T13:00:00.000', UserId: 1 },
  ],
  'Votes.xml': [
    { Id: 1, PostId: 10, VoteTypeId: 2, CreationDate: '2011-01-02T00:00:00.000' },
    { Id: 2, PostId: 11, VoteTypeId: 3, CreationDate: '2011-01-03T00:00:00.000' },
    { Id: 3, PostId: 11, VoteTypeId: 1, CreationDate: '2011-01-04T00:00:00.000' },
    { Id: 4, PostId: 10, VoteTypeId: 5, UserId: 2, CreationDate: '2011-01-05T00:00:00.000' },
    { Id: 5, PostId: 10, VoteTypeId: 8, UserId: 1, CreationDate: '2011-01-05T00:00:00.000' },
    { Id: 6, PostId: 999, VoteTypeId: 2, CreationDate: '2011-01-05T00:00:00.000' },
  ],
  'PostLinks.xml': [
    { Id: 1, CreationDate: '2011-03-01T00:00:00.000', PostId: 12, RelatedPostId: 30, LinkTypeId: 1 },
    { Id: 2, CreationDate: '2011-03-01T00:00:00.000', PostId: 30, RelatedPostId: 999, LinkTypeId: 1 },
  ],
  'Badges.xml': [
    { Id: 1, UserId: 1, Name: 'Teacher', Date: '2011-01-10T00:00:00.000', Class: 3, TagBased: 'False' },
    { Id: 2, UserId: 77, Name: 'Student', Date: '2011-01-10T00:00:00.000', Class: 3, TagBased: 'False' },
  ],
};
