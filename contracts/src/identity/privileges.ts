import type { PermissionKey } from './roles';

/** Reputation needed per permission at each privilege level. −1: never by reputation. */
type Thresholds = Partial<Record<PermissionKey, number>>;

const LEVELED: Record<string, [number, number, number]> = {
  'question.add': [1, 1, 1],
  'answer.add': [1, 1, 1],
  'comment.add': [1, 1, 1],
  'report.add': [1, 1, 1],
  'comment.vote_up': [1, 1, 1],
  'link.url_limit': [1, 10, 10],
  'question.vote_up': [1, 8, 15],
  'answer.vote_up': [1, 8, 15],
  'question.vote_down': [125, 125, 125],
  'answer.vote_down': [125, 125, 125],
  'answer.invite_someone_to_answer': [1, 500, 1000],
  'tag.add': [1, 750, 1500],
  'tag.edit': [1, 50, 100],
  'question.edit': [1, 100, 200],
  'answer.edit': [1, 100, 200],
  'question.edit_without_review': [1, 1000, 2000],
  'answer.edit_without_review': [1, 1000, 2000],
  'question.audit': [1, 1000, 2000],
  'answer.audit': [1, 1000, 2000],
  'tag.audit': [1, 2500, 5000],
  'tag.edit_without_review': [1, 10000, 20000],
  'tag.synonym': [1, 10000, 20000],
};

const FIXED: Thresholds = {
  'question.delete': -1,
  'answer.delete': -1,
  'comment.delete': -1,
  'comment.edit': -1,
  'answer.accept': -1,
  'question.close': -1,
  'question.reopen': -1,
  'question.pin': -1,
  'question.unpin': -1,
  'question.hide': -1,
  'question.show': -1,
  'tag.delete': -1,
  'tag.use_reserved_tag': -1,
  'question.undeleted': -1,
  'answer.undeleted': -1,
  'tag.undeleted': -1,
  'comment.vote_down': 1,
  'vote.detail': 0,
  'admin.access': -1,
  'tag.edit_slug_name': -1,
};

export const LEVELED_PRIVILEGE_KEYS = Object.keys(LEVELED) as PermissionKey[];

/** The custom level: the thresholds of the leveled permissions are the admin's own (`custom_privileges`). */
export const CUSTOM_PRIVILEGE_LEVEL = 99;
export type PrivilegeLevel = 1 | 2 | 3 | typeof CUSTOM_PRIVILEGE_LEVEL;

/** The site's privileges setting: a level, and the admin's own thresholds kept for the custom level. */
export interface PrivilegeSettings {
  level: number;
  /** Reputation each leveled permission needs at the custom level; kept while another level is chosen. */
  custom_privileges?: Readonly<Record<string, number>>;
}

/** Each level's thresholds, made once: a permission check runs on every write. */
const BY_LEVEL = ([1, 2, 3] as const).map((level) =>
  Object.freeze({
    ...FIXED,
    ...Object.fromEntries(Object.entries(LEVELED).map(([key, values]) => [key, values[level - 1]])),
  }),
);

export function privilegeThresholds(level: PrivilegeLevel, custom: Thresholds = {}): Readonly<Thresholds> {
  // A level outside 1-3 grants nothing by reputation but what the custom thresholds grant.
  const base = BY_LEVEL[level - 1] ?? FIXED;
  return Object.keys(custom).length === 0 ? base : { ...base, ...custom };
}

/** The thresholds of each custom setting, made once per settings object (settings are cached, checks are not). */
const CUSTOM = new WeakMap<object, Readonly<Thresholds>>();

/**
 * The thresholds the site's privileges setting puts in force: a standard level's, or at the custom level the
 * admin's own for the leveled permissions (a leveled permission the custom list lacks grants nothing by
 * reputation) over the fixed ones.
 */
export function thresholdsOf(privileges: PrivilegeSettings): Readonly<Thresholds> {
  if (privileges.level !== CUSTOM_PRIVILEGE_LEVEL) return privilegeThresholds(privileges.level as PrivilegeLevel);
  let thresholds = CUSTOM.get(privileges);
  if (!thresholds) {
    const custom = privileges.custom_privileges ?? {};
    const leveled = LEVELED_PRIVILEGE_KEYS.map((key) => [key, custom[key] ?? -1] as const);
    thresholds = Object.freeze({ ...FIXED, ...Object.fromEntries(leveled) });
    CUSTOM.set(privileges, thresholds);
  }
  return thresholds;
}
