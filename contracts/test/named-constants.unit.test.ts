import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Statuses and roles are numbers on the wire and in the read models (post 1/2/10, pin and show 1/2,
 * revision 1/2/3, role 1/2/3, mail 1/2), named once in `contracts` (PostStatus, Pin, Show, RevisionStatus,
 * TagStatus, Role, MailStatus, NoticeStatus) and in SQL by their literals from `@agora/platform`
 * (PostStatusSql...). This test fails the build on any source line that writes one of those numbers out.
 */

const REPO = path.resolve(import.meta.dirname, '../..');
const ROOTS = ['services', 'gateway', 'launcher', 'frontends'];

/** The source a deployment runs: every package's `src` (and the launcher's scripts), not tests or builds. */
function sourceFiles(): string[] {
  const files: string[] = [];
  for (const root of ROOTS) {
    for (const entry of readdirSync(path.join(REPO, root), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|mjs)$/.test(entry.name)) continue;
      const file = path.relative(REPO, path.join(entry.parentPath, entry.name));
      const parts = file.split(path.sep);
      if (parts.some((p) => p === 'node_modules' || p === 'dist' || p === 'test')) continue;
      if (/\.test\.tsx?$/.test(file)) continue;
      // Under a package's src/, or a script at the top of the launcher (agora.mjs, runtime-build.mjs).
      if (parts.includes('src') || (parts[0] === 'launcher' && parts.length === 2)) files.push(file);
    }
  }
  return files.sort();
}

/** The fields that hold a status or a role, as TypeScript and SQL name them. */
const FIELD = '(?:status|pin|show|show_status|role|role_id|roleId|mail_status|mailStatus|notice_status)';
/** Their codes: 1 to 11 (0 is an HTTP or process status, never one of ours). */
const CODE = String.raw`(?:[1-9]|1[01])\b`;
const NAME =
  '(?:available|open|closed|deleted|pending|pinned|unpinned|shown|hidden|admin|moderator|activated|inactive|applied|rejected)';

const RULES: { what: string; pattern: RegExp }[] = [
  {
    what: 'compared with a number',
    pattern: new RegExp(String.raw`\b${FIELD}\s*(?:===|!==|==|!=|<>|<=|>=|=|<|>)\s*${CODE}`),
  },
  { what: 'set to a number', pattern: new RegExp(String.raw`\b${FIELD}\??\s*:\s*${CODE}(?!\s*[:?])`) },
  { what: 'listed as numbers', pattern: new RegExp(String.raw`\b${FIELD}\s+(?:not\s+)?in\s*\(\s*${CODE}`) },
  {
    what: 'chosen between numbers',
    pattern: new RegExp(String.raw`\b${FIELD}\b[^;\n]{0,40}\?\s*${CODE}\s*:\s*${CODE}`),
  },
  { what: 'defaulted to a number', pattern: new RegExp(String.raw`coalesce\(\s*[\w.]*${FIELD}\s*,\s*${CODE}`) },
  { what: 'a number named again', pattern: new RegExp(String.raw`\b${CODE}\s*:\s*'${NAME}'`) },
  { what: 'a name given its number again', pattern: new RegExp(String.raw`\b${NAME}\s*:\s*${CODE}(?!\s*[:?])`) },
  {
    what: 'a constant for a status or role',
    pattern: new RegExp(String.raw`\b(?:const|let)\s+[A-Z_]*(?:${NAME.toUpperCase()})[A-Z_]*\s*=\s*${CODE}`),
  },
  { what: 'filtered on a number', pattern: new RegExp(String.raw`'${FIELD}'\s*,\s*'[^']+'\s*,\s*${CODE}`) },
];

/** Lines that may write such a number out, with the reason. Keep it short: prefer the named constant. */
const ALLOWED: { file: string; text: string; why: string }[] = [];

const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);

function literalsIn(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (isComment(line)) return;
    const rule = RULES.find((r) => r.pattern.test(line));
    if (!rule) return;
    if (ALLOWED.some((a) => a.file === file && line.includes(a.text))) return;
    found.push(`${file}:${i + 1}: ${rule.what}: ${line.trim()}`);
  });
  return found;
}

describe('statuses and roles are named once, in contracts', () => {
  it('catches the ways such a number gets written out', () => {
    const bad = [
      'if (q.status === 10) return;',
      'sql`update answers set status = 10 where id = $1`',
      'const visible = sql`q.status in (1, 2) and q.show = 1`;',
      'const status = event.type === deleted ? 10 : 1;',
      'sql`coalesce(a.status, 1) <> 10`',
      "const STATUS = { 1: 'available', 2: 'closed' };",
      'export const Status = { open: 1, closed: 2, deleted: 10 } as const;',
      'const DELETED = 10;',
      "db.selectFrom('questions').where('status', '=', 1)",
      'roleId: 2,',
      'return actor?.roleId === 2 || actor?.roleId === 3;',
      'sql`select 1 from users where role_id = 2`',
      'mail_status: input.activated ? 1 : 2,',
      '{question.pin === 2 ? <Pinned /> : null}',
    ];
    for (const line of bad) expect(literalsIn('sample.ts', line), line).toHaveLength(1);
    const fine = [
      'if (q.status === PostStatus.deleted) return;',
      'sql`status = `.append(PostStatusSql.deleted)',
      'if (response.status === 200) return;',
      'if (result.status !== 0) throw error;',
      'reply.code(429);',
      '// status 10: deleted',
    ];
    for (const line of fine) expect(literalsIn('sample.ts', line), line).toEqual([]);
  });

  it('finds none in the source of services, gateway, launcher and front ends', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => literalsIn(file, readFileSync(path.join(REPO, file), 'utf8')));
    expect(
      found,
      'Write a status or role by its name from contracts (PostStatus, Pin, Show, RevisionStatus, TagStatus, Role, ' +
        'MailStatus, NoticeStatus), in SQL by its literal from @agora/platform (PostStatusSql...):\n' +
        found.join('\n'),
    ).toEqual([]);
  });
});
