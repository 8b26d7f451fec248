import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import mysql from 'mysql2/promise';
import sqlite3 from 'node-sqlite3-wasm';
import pg from 'pg';
import sharp from 'sharp';

/**
 * An Apache Answer v2.0.2 database made from the schema facts (docs/adr/0094-importing-a-community.md): the tables
 * the importer reads, with Answer's column names and its types per dialect, filled with a small community that has
 * one of everything the reader maps.
 */
export type FixtureDialect = 'postgres' | 'mysql' | 'sqlite';

type ColumnType = 'id' | 'int' | 'tinyint' | 'bool' | 'short' | 'long' | 'text' | 'time';

const TYPES: Record<FixtureDialect, Record<ColumnType, string>> = {
  postgres: {
    id: 'BIGINT',
    int: 'INTEGER',
    tinyint: 'SMALLINT',
    bool: 'BOOLEAN',
    short: 'VARCHAR(255)',
    long: 'VARCHAR(1024)',
    text: 'TEXT',
    time: 'TIMESTAMP',
  },
  mysql: {
    id: 'BIGINT(20)',
    int: 'INT(11)',
    tinyint: 'TINYINT(4)',
    bool: 'TINYINT(1)',
    short: 'VARCHAR(255)',
    long: 'VARCHAR(1024)',
    text: 'MEDIUMTEXT',
    time: 'TIMESTAMP NULL DEFAULT NULL',
  },
  sqlite: {
    id: 'BIGINT',
    int: 'INTEGER',
    tinyint: 'TINYINT',
    bool: 'BOOL',
    short: 'VARCHAR(255)',
    long: 'VARCHAR(1024)',
    text: 'TEXT',
    time: 'DATETIME',
  },
};

const STAMPS: [string, ColumnType][] = [
  ['created_at', 'time'],
  ['updated_at', 'time'],
];

/** The tables and columns the reader touches (and a few it does not), as Answer v2.0.2 names them. */
export const ANSWER_TABLES: Record<string, [string, ColumnType][]> = {
  version: [
    ['id', 'int'],
    ['version_number', 'id'],
  ],
  uniqid: [
    ['id', 'id'],
    ['uniqid_type', 'int'],
  ],
  config: [
    ['id', 'int'],
    ['key', 'short'],
    ['value', 'text'],
  ],
  site_info: [['id', 'int'], ...STAMPS, ['type', 'short'], ['content', 'text'], ['status', 'int']],
  user: [
    ['id', 'id'],
    ...STAMPS,
    ['suspended_at', 'time'],
    ['deleted_at', 'time'],
    ['last_login_date', 'time'],
    ['username', 'short'],
    ['pass', 'short'],
    ['e_mail', 'short'],
    ['mail_status', 'tinyint'],
    ['notice_status', 'int'],
    ['follow_count', 'int'],
    ['answer_count', 'int'],
    ['question_count', 'int'],
    ['rank', 'int'],
    ['status', 'int'],
    ['authority_group', 'int'],
    ['display_name', 'short'],
    ['avatar', 'text'],
    ['mobile', 'short'],
    ['bio', 'text'],
    ['bio_html', 'text'],
    ['website', 'short'],
    ['location', 'short'],
    ['ip_info', 'short'],
    ['is_admin', 'bool'],
    ['language', 'short'],
    ['color_scheme', 'short'],
    ['suspended_until', 'time'],
  ],
  user_role_rel: [['id', 'id'], ...STAMPS, ['user_id', 'id'], ['role_id', 'int']],
  user_external_login: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['provider', 'short'],
    ['external_id', 'short'],
    ['meta_info', 'text'],
  ],
  tag: [
    ['id', 'id'],
    ...STAMPS,
    ['main_tag_id', 'id'],
    ['main_tag_slug_name', 'short'],
    ['slug_name', 'short'],
    ['display_name', 'short'],
    ['original_text', 'text'],
    ['parsed_text', 'text'],
    ['follow_count', 'int'],
    ['question_count', 'int'],
    ['status', 'int'],
    ['recommend', 'bool'],
    ['reserved', 'bool'],
    ['revision_id', 'id'],
    ['user_id', 'id'],
  ],
  tag_rel: [['id', 'id'], ...STAMPS, ['object_id', 'id'], ['tag_id', 'id'], ['status', 'int']],
  question: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['invite_user_id', 'text'],
    ['last_edit_user_id', 'id'],
    ['title', 'short'],
    ['original_text', 'text'],
    ['parsed_text', 'text'],
    ['pin', 'int'],
    ['show', 'int'],
    ['status', 'int'],
    ['view_count', 'int'],
    ['unique_view_count', 'int'],
    ['vote_count', 'int'],
    ['answer_count', 'int'],
    ['collection_count', 'int'],
    ['follow_count', 'int'],
    ['accepted_answer_id', 'id'],
    ['last_answer_id', 'id'],
    ['post_update_time', 'time'],
    ['revision_id', 'id'],
    ['hot_score', 'int'],
    ['linked_count', 'int'],
  ],
  answer: [
    ['id', 'id'],
    ...STAMPS,
    ['question_id', 'id'],
    ['user_id', 'id'],
    ['last_edit_user_id', 'id'],
    ['original_text', 'text'],
    ['parsed_text', 'text'],
    ['status', 'int'],
    ['adopted', 'int'],
    ['comment_count', 'int'],
    ['vote_count', 'int'],
    ['revision_id', 'id'],
  ],
  comment: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['reply_user_id', 'id'],
    ['reply_comment_id', 'id'],
    ['object_id', 'id'],
    ['question_id', 'id'],
    ['vote_count', 'int'],
    ['status', 'tinyint'],
    ['original_text', 'text'],
    ['parsed_text', 'text'],
  ],
  revision: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['object_type', 'int'],
    ['object_id', 'id'],
    ['title', 'short'],
    ['content', 'text'],
    ['log', 'short'],
    ['status', 'int'],
    ['review_user_id', 'id'],
  ],
  activity: [
    ['id', 'id'],
    ...STAMPS,
    ['cancelled_at', 'time'],
    ['user_id', 'id'],
    ['trigger_user_id', 'id'],
    ['object_id', 'id'],
    ['original_object_id', 'id'],
    ['activity_type', 'int'],
    ['cancelled', 'tinyint'],
    ['rank', 'int'],
    ['has_rank', 'tinyint'],
    ['revision_id', 'id'],
  ],
  collection: [['id', 'id'], ...STAMPS, ['user_id', 'id'], ['object_id', 'id'], ['user_collection_group_id', 'id']],
  report: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['object_type', 'int'],
    ['reported_user_id', 'id'],
    ['object_id', 'id'],
    ['report_type', 'int'],
    ['content', 'text'],
    ['flagged_content', 'text'],
    ['status', 'int'],
  ],
  review: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['object_id', 'id'],
    ['object_type', 'int'],
    ['reviewer_user_id', 'id'],
    ['submitter', 'short'],
    ['reason', 'text'],
    ['status', 'int'],
  ],
  meta: [['id', 'id'], ...STAMPS, ['object_id', 'id'], ['key', 'short'], ['value', 'text']],
  question_link: [
    ['id', 'id'],
    ...STAMPS,
    ['from_question_id', 'id'],
    ['from_answer_id', 'id'],
    ['to_question_id', 'id'],
    ['to_answer_id', 'id'],
    ['status', 'int'],
  ],
  badge: [
    ['id', 'id'],
    ...STAMPS,
    ['name', 'short'],
    ['icon', 'short'],
    ['award_count', 'int'],
    ['description', 'text'],
    ['status', 'int'],
    ['badge_group_id', 'id'],
    ['level', 'int'],
    ['single', 'int'],
    ['collect', 'short'],
    ['handler', 'short'],
    ['param', 'text'],
  ],
  badge_award: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['badge_id', 'id'],
    ['award_key', 'id'],
    ['badge_group_id', 'id'],
    ['is_badge_deleted', 'tinyint'],
  ],
  file_record: [
    ['id', 'id'],
    ...STAMPS,
    ['user_id', 'id'],
    ['file_url', 'long'],
    ['file_path', 'long'],
    ['object_id', 'id'],
    ['source', 'short'],
    ['status', 'int'],
  ],
};

/** Writes to a fresh database of one dialect. */
export interface FixtureTarget {
  dialect: FixtureDialect;
  exec(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

const quoteName = (dialect: FixtureDialect, name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);

export async function postgresTarget(url: string): Promise<FixtureTarget> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    dialect: 'postgres',
    async exec(sql, params = []) {
      let n = 0;
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
    },
    close: () => client.end(),
  };
}

export async function mysqlTarget(url: string): Promise<FixtureTarget> {
  const connection = await mysql.createConnection({ uri: url, supportBigNumbers: true, bigNumberStrings: true });
  await connection.query("SET time_zone = '+00:00'");
  return {
    dialect: 'mysql',
    async exec(sql, params = []) {
      await connection.query(sql, params);
    },
    close: () => connection.end(),
  };
}

export async function sqliteTarget(file: string): Promise<FixtureTarget> {
  const db = new sqlite3.Database(file);
  return {
    dialect: 'sqlite',
    async exec(sql, params = []) {
      db.run(sql, params as (string | number | null)[]);
    },
    async close() {
      db.close();
    },
  };
}

/** Default values as Answer's NOT NULL DEFAULT columns have them. */
function defaultOf(type: ColumnType): unknown {
  if (type === 'time') return null;
  if (type === 'short' || type === 'long' || type === 'text') return '';
  if (type === 'bool') return false;
  return 0;
}

function valueFor(dialect: FixtureDialect, type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (type === 'bool') return dialect === 'postgres' ? Boolean(value) : value ? 1 : 0;
  if (typeof value === 'object') return JSON.stringify(value);
  if (type === 'id' && dialect === 'sqlite' && typeof value === 'string') return BigInt(value);
  return value;
}

export async function createTable(target: FixtureTarget, table: string) {
  const columns = ANSWER_TABLES[table];
  if (!columns) throw new Error(`no such fixture table: ${table}`);
  const q = (name: string) => quoteName(target.dialect, name);
  const list = columns.map(([name, type]) => `${q(name)} ${TYPES[target.dialect][type]}`).join(', ');
  await target.exec(`CREATE TABLE ${q(table)} (${list}, PRIMARY KEY (${q('id')}))`);
}

export async function insert(target: FixtureTarget, table: string, row: Record<string, unknown>) {
  const columns = ANSWER_TABLES[table];
  if (!columns) throw new Error(`no such fixture table: ${table}`);
  for (const name of Object.keys(row)) {
    if (!columns.some(([c]) => c === name)) throw new Error(`${table} has no column ${name}`);
  }
  const q = (name: string) => quoteName(target.dialect, name);
  const values = columns.map(([name, type]) =>
    valueFor(target.dialect, type, name in row ? row[name] : name === 'created_at' ? T.start : defaultOf(type)),
  );
  await target.exec(
    `INSERT INTO ${q(table)} (${columns.map(([n]) => q(n)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    values,
  );
}

/** Times as Answer writes them: `YYYY-MM-DD HH:MM:SS`, UTC. */
export const T = {
  start: '2023-01-01 08:00:00',
  asked: '2023-02-01 10:00:00',
  edited: '2023-02-02 11:00:00',
  suggested: '2023-02-03 12:00:00',
  answered: '2023-02-04 13:00:00',
  accepted: '2023-02-05 14:00:00',
  closed: '2023-02-06 15:00:00',
  deleted: '2023-02-07 16:00:00',
  voted: '2023-02-08 17:00:00',
  later: '2023-03-01 09:30:00',
};

/** The community's ids (Answer's). */
export const ID = {
  admin: '1',
  moderator: '2',
  banned: '3',
  benched: '4',
  leaver: '5',
  /** Hard-deleted: no user row, but posts. */
  vanished: '6',
  go: '10030000000000001',
  golang: '10030000000000002',
  rust: '10030000000000003',
  retired: '10030000000000004',
  q1: '10010000000000005',
  q2: '10010000000000006',
  q3: '10010000000000007',
  a1: '10020000000000008',
  a2: '10020000000000009',
  c1: '10070000000000010',
  c2: '10070000000000011',
  c3: '10070000000000012',
  bookmark: '10060000000000013',
  firstFlagBadge: '10090000000000014',
  customBadge: '10090000000000015',
  award1: '10100000000000016',
  award2: '10100000000000017',
  award3: '10100000000000018',
  report1: '10080000000000019',
  report2: '10080000000000020',
  report3: '10080000000000021',
};

export const OLD_SITE = 'http://old.example.com';
export const PASSWORD = 'correct horse battery staple';

/** Activity types as Answer seeds them (`config`); the reader resolves them by key. */
export const ACTIVITY_TYPES: [number, string][] = [
  [1, 'answer.accepted'],
  [2, 'answer.voted_up'],
  [3, 'question.voted_up'],
  [5, 'answer.accept'],
  [10, 'user.activated'],
  [11, 'edit.accepted'],
  [12, 'answer.vote_down'],
  [13, 'question.voted_down'],
  [14, 'answer.voted_down'],
  [16, 'question.asked'],
  [25, 'comment.vote_up'],
  [27, 'question.vote_down'],
  [28, 'question.vote_up'],
  [30, 'answer.vote_up'],
  [32, 'question.follow'],
  [35, 'tag.follow'],
  [87, 'question.closed'],
  [89, 'question.deleted'],
  [91, 'question.edited'],
  [95, 'answer.answered'],
  [96, 'answer.edited'],
  [97, 'answer.deleted'],
];
const type = (key: string) => ACTIVITY_TYPES.find(([, k]) => k === key)?.[0] ?? 0;

/** The files under the fixture's upload directory: small PNGs of three colours. */
export const UPLOADED = {
  avatar: { path: 'avatar/a1.png', colour: { r: 200, g: 30, b: 30 } },
  post: { path: 'post/p1.png', colour: { r: 30, g: 200, b: 30 } },
  logo: { path: 'branding/logo.png', colour: { r: 30, g: 30, b: 200 } },
};

/** Writes the uploads; their bytes by name. */
export async function writeUploads(dir: string): Promise<Record<keyof typeof UPLOADED, Buffer>> {
  const bytes = {} as Record<keyof typeof UPLOADED, Buffer>;
  for (const [name, file] of Object.entries(UPLOADED) as [keyof typeof UPLOADED, (typeof UPLOADED)['avatar']][]) {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: file.colour } })
      .png()
      .toBuffer();
    mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    writeFileSync(path.join(dir, file.path), png);
    bytes[name] = png;
  }
  return bytes;
}

export interface FixtureOptions {
  version?: number;
  /** Tables not made (a release before them, or a damaged database). */
  without?: string[];
}

/** Makes the tables and fills them with the community. */
export async function buildAnswerDatabase(target: FixtureTarget, options: FixtureOptions = {}) {
  const tables = Object.keys(ANSWER_TABLES).filter((t) => !options.without?.includes(t));
  for (const table of tables) await createTable(target, table);
  const put = (table: string, row: Record<string, unknown>) =>
    tables.includes(table) ? insert(target, table, row) : Promise.resolve();

  await put('version', { id: 1, version_number: String(options.version ?? 35) });
  for (const [id, key] of ACTIVITY_TYPES) await put('config', { id, key, value: '0' });
  await put('config', {
    id: 200,
    key: 'email.config',
    value: {
      from_email: 'noreply@old.example.com',
      from_name: 'Old Site',
      smtp_host: 'smtp.example.com',
      smtp_port: 587,
      encryption: 'TLS',
      smtp_username: 'mailer',
      smtp_password: 'mail-secret',
      smtp_authentication: true,
    },
  });

  const siteInfo: [string, Record<string, unknown>][] = [
    [
      'general',
      {
        name: 'Old Q&A',
        short_description: 'short',
        description: 'long',
        site_url: OLD_SITE,
        contact_email: 'admin@old.example.com',
      },
    ],
    [
      'write',
      {
        restrict_answer: true,
        required_tag: true,
        recommend_tags: [{ slug_name: 'go', display_name: 'Go' }],
        reserved_tags: ['rust'],
        max_image_size: 5,
      },
    ],
    ['questions', { min_tags: 2, min_content: 10, restrict_answer: false }],
    [
      'legal',
      {
        terms_of_service_original_text: '# Terms',
        terms_of_service_parsed_text: '<h1>Terms</h1>',
        privacy_policy_original_text: 'Privacy',
        privacy_policy_parsed_text: '<p>Privacy</p>',
      },
    ],
    [
      'login',
      {
        allow_new_registrations: false,
        allow_email_registrations: true,
        allow_password_login: true,
        login_required: true,
        allow_email_domains: ['example.com'],
      },
    ],
    ['branding', { logo: `${OLD_SITE}/uploads/${UPLOADED.logo.path}`, mobile_logo: '', square_icon: '', favicon: '' }],
    [
      'css-html',
      {
        custom_head: '<meta name="x">',
        custom_css: 'body{}',
        custom_header: '',
        custom_footer: '<p>foot</p>',
        custom_sidebar: '',
      },
    ],
    ['seo', { permalink: 4, robots: 'User-agent: *' }],
    ['interface_settings', { language: 'fr_FR', time_zone: 'Europe/Paris' }],
    ['privileges', { level: 3 }],
    ['ai', { enabled: true }],
  ];
  for (const [i, [siteType, content]] of siteInfo.entries()) {
    await put('site_info', { id: i + 1, type: siteType, content, status: 1 });
  }

  // Members: an admin with a password, an unverified moderator with only an external login, a permanent and a
  // timed suspension, a deleted member; user 6 was deleted permanently (its rows are gone, its posts are not).
  await put('user', {
    id: ID.admin,
    username: 'admin',
    display_name: 'The Admin',
    e_mail: 'admin@example.com',
    pass: bcrypt.hashSync(PASSWORD, 4),
    mail_status: 1,
    status: 1,
    rank: 1200,
    bio: '**Hello**',
    bio_html: '<p><strong>Hello</strong></p>',
    website: 'https://admin.example.com',
    location: 'Paris',
    language: 'en_US',
    avatar: { type: 'custom', gravatar: '', custom: `${OLD_SITE}/uploads/${UPLOADED.avatar.path}` },
    created_at: T.start,
    last_login_date: T.later,
    is_admin: true,
  });
  await put('user', {
    id: ID.moderator,
    username: 'mod',
    display_name: 'Mod',
    e_mail: 'mod@example.com',
    mail_status: 2,
    status: 1,
    rank: 50,
    avatar: 'https://cdn.example.com/pic.jpg',
    created_at: '2023-01-02 08:00:00',
  });
  await put('user', {
    id: ID.banned,
    username: 'banned',
    display_name: 'Banned',
    e_mail: 'banned@example.com',
    mail_status: 1,
    status: 9,
    rank: 10,
    avatar: { type: 'gravatar', gravatar: 'https://www.gravatar.com/avatar/abc', custom: '' },
    suspended_at: '2023-01-10 00:00:00',
    suspended_until: '2099-12-31 23:59:59',
    created_at: '2023-01-03 08:00:00',
  });
  await put('user', {
    id: ID.benched,
    username: 'benched',
    display_name: 'Benched',
    e_mail: 'benched@example.com',
    mail_status: 1,
    status: 9,
    rank: 1,
    suspended_until: '2030-01-01 00:00:00',
    created_at: '2023-01-04 08:00:00',
  });
  await put('user', {
    id: ID.leaver,
    username: 'leaver',
    display_name: 'Leaver',
    e_mail: 'leaver@example.com.1700000000',
    mail_status: 1,
    status: 10,
    rank: 1,
    deleted_at: '2023-11-14 22:13:20',
    created_at: '2023-01-05 08:00:00',
  });
  await put('user_role_rel', { id: '1', user_id: ID.admin, role_id: 2 });
  await put('user_role_rel', { id: '2', user_id: ID.moderator, role_id: 3 });
  await put('user_external_login', {
    id: '1',
    user_id: ID.moderator,
    provider: 'github',
    external_id: 'gh-42',
    meta_info: '{"name":"mod"}',
  });

  // Tags: a main tag with a wiki, its synonym, a reserved one, a deleted one by the vanished member.
  await put('tag', {
    id: ID.go,
    slug_name: 'go',
    display_name: 'Go',
    original_text: `Go wiki ![x](${OLD_SITE}/uploads/${UPLOADED.post.path})`,
    status: 1,
    recommend: true,
    user_id: ID.admin,
    created_at: '2023-01-20 00:00:00',
  });
  await put('tag', {
    id: ID.golang,
    slug_name: 'golang',
    display_name: 'golang',
    main_tag_id: ID.go,
    main_tag_slug_name: 'go',
    status: 1,
    user_id: ID.admin,
    created_at: '2023-01-21 00:00:00',
  });
  await put('tag', {
    id: ID.rust,
    slug_name: 'rust',
    display_name: 'Rust',
    status: 1,
    reserved: true,
    user_id: ID.moderator,
    created_at: '2023-01-22 00:00:00',
  });
  await put('tag', {
    id: ID.retired,
    slug_name: 'retired',
    display_name: 'Retired',
    status: 10,
    user_id: ID.vanished,
    created_at: '2023-01-23 00:00:00',
  });

  // Q1: asked by the admin, edited directly by the moderator (the revision row names the author), a suggestion
  // waiting, closed as a duplicate, pinned, with an accepted answer and a deleted one.
  const q1Tags = [
    { ID: ID.go, SlugName: 'go', DisplayName: 'Go', MainTagID: 0 },
    { ID: ID.rust, SlugName: 'rust', DisplayName: 'Rust', MainTagID: 0 },
  ];
  await put('question', {
    id: ID.q1,
    user_id: ID.admin,
    last_edit_user_id: ID.moderator,
    title: 'How do I read a file?',
    original_text: `Edited body ![p](${OLD_SITE}/uploads/${UPLOADED.post.path})`,
    parsed_text: '<p>Edited body</p>',
    pin: 2,
    show: 1,
    status: 2,
    view_count: 42,
    accepted_answer_id: ID.a1,
    revision_id: '3',
    created_at: T.asked,
    updated_at: T.closed,
  });
  await put('revision', {
    id: '1',
    user_id: ID.admin,
    object_type: 1,
    object_id: ID.q1,
    title: 'How to read a file',
    content: {
      Title: 'How to read a file',
      OriginalText: 'First body',
      ParsedText: '<p>First body</p>',
      tags: [q1Tags[0]],
    },
    log: '',
    status: 0,
    created_at: T.asked,
  });
  await put('revision', {
    id: '2',
    user_id: ID.admin,
    object_type: 1,
    object_id: ID.q1,
    title: 'How do I read a file?',
    content: {
      Title: 'How do I read a file?',
      OriginalText: `Edited body ![p](${OLD_SITE}/uploads/${UPLOADED.post.path})`,
      tags: q1Tags,
    },
    log: 'clearer title',
    status: 2,
    created_at: T.edited,
  });
  await put('revision', {
    id: '3',
    user_id: ID.banned,
    object_type: 1,
    object_id: ID.q1,
    title: 'How can I read a file?',
    content: { Title: 'How can I read a file?', OriginalText: 'Suggested body', tags: q1Tags },
    log: 'suggestion',
    status: 1,
    created_at: T.suggested,
  });
  await put('tag_rel', { id: '1', object_id: ID.q1, tag_id: ID.go, status: 1 });
  await put('tag_rel', { id: '2', object_id: ID.q1, tag_id: ID.rust, status: 1 });
  await put('meta', {
    id: '1',
    object_id: ID.q1,
    key: 'question.close.reason',
    value: { close_type: 60, close_msg: `Duplicate of #${ID.q2}` },
  });
  await put('meta', {
    id: '2',
    object_id: ID.q1,
    key: 'object.react.summary',
    value: {
      reactions: [
        { emoji: 'thumbsup', user_ids: [ID.admin, ID.moderator, ID.vanished] },
        { emoji: 'heart', user_ids: [ID.banned] },
      ],
    },
  });

  // Q2: asked by the vanished member, hidden, then deleted by the admin (its tag_rel rows set to 10).
  await put('question', {
    id: ID.q2,
    user_id: ID.vanished,
    title: 'Gone question',
    original_text: 'Gone body',
    show: 2,
    status: 10,
    view_count: 3,
    revision_id: '4',
    created_at: '2023-02-10 10:00:00',
    updated_at: T.deleted,
  });
  await put('revision', {
    id: '4',
    user_id: ID.vanished,
    object_type: 1,
    object_id: ID.q2,
    title: 'Gone question',
    content: { Title: 'Gone question', OriginalText: 'Gone body', tags: [{ SlugName: 'rust' }] },
    status: 0,
    created_at: '2023-02-10 10:00:00',
  });
  await put('tag_rel', { id: '3', object_id: ID.q2, tag_id: ID.rust, status: 10 });

  // Q3: by the deleted member, held for review by a plugin; no revision row.
  await put('question', {
    id: ID.q3,
    user_id: ID.leaver,
    title: 'Waiting question',
    original_text: 'Waiting body',
    status: 11,
    created_at: '2023-02-11 10:00:00',
    updated_at: '2023-02-11 10:00:00',
  });
  await put('tag_rel', { id: '4', object_id: ID.q3, tag_id: ID.golang, status: 1 });
  await put('review', {
    id: '1',
    user_id: ID.leaver,
    object_id: ID.q3,
    object_type: 1,
    submitter: 'spam-checker',
    reason: 'links',
    status: 1,
  });

  await put('answer', {
    id: ID.a1,
    question_id: ID.q1,
    user_id: ID.banned,
    original_text: 'Use os.ReadFile',
    status: 1,
    adopted: 2,
    revision_id: '5',
    created_at: T.answered,
    updated_at: T.accepted,
  });
  await put('revision', {
    id: '5',
    user_id: ID.banned,
    object_type: 2,
    object_id: ID.a1,
    content: { OriginalText: 'Use os.ReadFile', QuestionID: ID.q1 },
    status: 0,
    created_at: T.answered,
  });
  await put('answer', {
    id: ID.a2,
    question_id: ID.q1,
    user_id: ID.moderator,
    original_text: 'Wrong answer',
    status: 10,
    adopted: 1,
    revision_id: '6',
    created_at: '2023-02-04 14:00:00',
    updated_at: T.deleted,
  });
  await put('revision', {
    id: '6',
    user_id: ID.moderator,
    object_type: 2,
    object_id: ID.a2,
    content: { OriginalText: 'Wrong answer' },
    status: 0,
    created_at: '2023-02-04 14:00:00',
  });

  await put('comment', {
    id: ID.c1,
    user_id: ID.moderator,
    object_id: ID.q1,
    question_id: ID.q1,
    status: 1,
    original_text: 'Nice question',
    reply_user_id: null,
    reply_comment_id: null,
    created_at: '2023-02-02 09:00:00',
  });
  await put('comment', {
    id: ID.c2,
    user_id: ID.banned,
    object_id: ID.q1,
    question_id: ID.q1,
    status: 1,
    original_text: 'Thanks [@mod](/users/mod)',
    reply_user_id: ID.moderator,
    reply_comment_id: ID.c1,
    created_at: '2023-02-02 09:30:00',
  });
  await put('comment', {
    id: ID.c3,
    user_id: ID.vanished,
    object_id: ID.a1,
    question_id: ID.q1,
    status: 10,
    original_text: 'Removed',
    reply_user_id: null,
    reply_comment_id: null,
    created_at: '2023-02-05 09:00:00',
  });

  // The timeline: who edited, closed, deleted and accepted, votes (one undone), follows, reputation.
  let activity = 0;
  const act = (row: Record<string, unknown>) =>
    put('activity', { id: String(++activity), created_at: T.voted, ...row });
  await act({
    user_id: ID.admin,
    object_id: ID.q1,
    original_object_id: ID.q1,
    activity_type: type('question.asked'),
    revision_id: '1',
    created_at: T.asked,
  });
  await act({
    user_id: ID.moderator,
    object_id: ID.q1,
    original_object_id: ID.q1,
    activity_type: type('question.edited'),
    revision_id: '2',
    created_at: T.edited,
  });
  await act({
    user_id: ID.moderator,
    object_id: ID.q1,
    original_object_id: ID.q1,
    activity_type: type('question.closed'),
    created_at: T.closed,
  });
  await act({
    user_id: ID.admin,
    object_id: ID.q2,
    original_object_id: ID.q2,
    activity_type: type('question.deleted'),
    created_at: T.deleted,
  });
  await act({
    user_id: ID.admin,
    object_id: ID.a2,
    original_object_id: ID.a2,
    activity_type: type('answer.deleted'),
    created_at: '2023-02-07 17:00:00',
  });
  await act({
    user_id: ID.admin,
    trigger_user_id: ID.admin,
    object_id: ID.a1,
    original_object_id: ID.q1,
    activity_type: type('answer.accept'),
    rank: 2,
    has_rank: 1,
    created_at: T.accepted,
  });
  await act({
    user_id: ID.banned,
    trigger_user_id: ID.admin,
    object_id: ID.a1,
    original_object_id: ID.a1,
    activity_type: type('answer.accepted'),
    rank: 15,
    has_rank: 1,
    created_at: T.accepted,
  });
  await act({ user_id: ID.moderator, object_id: ID.q1, activity_type: type('question.vote_up'), created_at: T.voted });
  await act({
    user_id: ID.admin,
    trigger_user_id: ID.moderator,
    object_id: ID.q1,
    activity_type: type('question.voted_up'),
    rank: 10,
    has_rank: 1,
    created_at: T.voted,
  });
  await act({
    user_id: ID.banned,
    object_id: ID.q1,
    activity_type: type('question.vote_down'),
    cancelled: 1,
    cancelled_at: T.later,
    created_at: T.voted,
  });
  await act({
    user_id: ID.admin,
    trigger_user_id: ID.banned,
    object_id: ID.q1,
    activity_type: type('question.voted_down'),
    rank: -2,
    has_rank: 1,
    cancelled: 1,
    created_at: T.voted,
  });
  await act({
    user_id: ID.vanished,
    object_id: ID.a1,
    activity_type: type('answer.vote_up'),
    created_at: '2023-02-09 10:00:00',
  });
  await act({
    user_id: ID.banned,
    trigger_user_id: ID.vanished,
    object_id: ID.a1,
    activity_type: type('answer.voted_up'),
    rank: 10,
    has_rank: 1,
    created_at: '2023-02-09 10:00:00',
  });
  await act({
    user_id: ID.admin,
    object_id: ID.a2,
    activity_type: type('answer.vote_down'),
    rank: -1,
    has_rank: 1,
    created_at: '2023-02-09 11:00:00',
  });
  await act({
    user_id: ID.admin,
    object_id: ID.c1,
    activity_type: type('comment.vote_up'),
    created_at: '2023-02-09 12:00:00',
  });
  await act({
    user_id: ID.moderator,
    object_id: ID.q1,
    activity_type: type('question.follow'),
    created_at: '2023-02-10 08:00:00',
  });
  await act({
    user_id: ID.banned,
    object_id: ID.go,
    activity_type: type('tag.follow'),
    created_at: '2023-02-10 09:00:00',
  });
  await act({
    user_id: ID.admin,
    object_id: ID.rust,
    activity_type: type('tag.follow'),
    cancelled: 1,
    created_at: '2023-02-10 09:30:00',
  });
  await act({
    user_id: ID.moderator,
    object_id: '0',
    activity_type: type('user.activated'),
    rank: 1,
    has_rank: 1,
    created_at: '2023-01-02 08:05:00',
  });

  await put('collection', {
    id: ID.bookmark,
    user_id: ID.moderator,
    object_id: ID.q1,
    user_collection_group_id: '1',
    created_at: '2023-02-12 08:00:00',
  });

  await put('question_link', {
    id: '1',
    from_question_id: ID.q1,
    from_answer_id: '0',
    to_question_id: ID.q2,
    to_answer_id: '0',
    status: 1,
    created_at: T.closed,
  });
  await put('question_link', {
    id: '2',
    from_question_id: ID.q1,
    from_answer_id: ID.a1,
    to_question_id: ID.q3,
    to_answer_id: '0',
    status: 1,
    created_at: T.answered,
  });
  await put('question_link', {
    id: '3',
    from_question_id: ID.q3,
    from_answer_id: null,
    to_question_id: ID.q1,
    status: 2,
    created_at: T.answered,
  });

  await put('badge', {
    id: ID.firstFlagBadge,
    name: 'badge.first_flag.name',
    description: 'badge.first_flag.desc',
    status: 1,
    level: 1,
    single: 1,
  });
  await put('badge', {
    id: ID.customBadge,
    name: 'badge.custom_thing.name',
    description: 'badge.custom_thing.desc',
    status: 1,
    level: 2,
    single: 2,
  });
  await put('badge_award', {
    id: ID.award1,
    user_id: ID.moderator,
    badge_id: ID.firstFlagBadge,
    award_key: '0',
    is_badge_deleted: 0,
    created_at: '2023-02-13 08:00:00',
  });
  await put('badge_award', {
    id: ID.award2,
    user_id: ID.banned,
    badge_id: ID.customBadge,
    award_key: ID.a1,
    is_badge_deleted: 0,
    created_at: '2023-02-13 09:00:00',
  });
  await put('badge_award', {
    id: ID.award3,
    user_id: ID.admin,
    badge_id: ID.customBadge,
    award_key: '0',
    is_badge_deleted: 1,
    created_at: '2023-02-13 10:00:00',
  });

  await put('report', {
    id: ID.report1,
    user_id: ID.banned,
    object_type: 2,
    reported_user_id: ID.moderator,
    object_id: ID.a2,
    report_type: 57,
    content: 'spam link',
    status: 1,
    created_at: '2023-02-14 08:00:00',
  });
  await put('report', {
    id: ID.report2,
    user_id: ID.admin,
    object_type: 1,
    object_id: ID.q1,
    report_type: 59,
    content: 'withdrawn',
    status: 10,
    created_at: '2023-02-14 09:00:00',
  });
  await put('report', {
    id: ID.report3,
    user_id: ID.vanished,
    object_type: 7,
    object_id: ID.c1,
    report_type: 58,
    content: '',
    status: 2,
    created_at: '2023-02-14 10:00:00',
  });

  await put('file_record', {
    id: '1',
    user_id: ID.admin,
    file_url: `${OLD_SITE}/uploads/${UPLOADED.avatar.path}`,
    file_path: UPLOADED.avatar.path,
    source: 'user_avatar',
    status: 1,
    created_at: T.start,
  });
  await put('file_record', {
    id: '2',
    user_id: ID.admin,
    file_url: `${OLD_SITE}/uploads/${UPLOADED.post.path}`,
    file_path: UPLOADED.post.path,
    object_id: ID.q1,
    source: 'user_post',
    status: 1,
    created_at: T.edited,
  });
  await put('file_record', {
    id: '3',
    user_id: ID.vanished,
    file_url: `${OLD_SITE}/uploads/files/post/abc/doc.pdf`,
    file_path: 'files/post/abc.pdf',
    source: 'user_post_attachment',
    status: 1,
    created_at: T.edited,
  });
  await put('file_record', {
    id: '4',
    user_id: ID.admin,
    file_url: `${OLD_SITE}/uploads/post/old.png`,
    file_path: 'post/old.png',
    source: 'user_post',
    status: 10,
    created_at: T.edited,
  });
}
