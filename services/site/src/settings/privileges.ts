import {
  CUSTOM_PRIVILEGE_LEVEL,
  LEVELED_PRIVILEGE_KEYS,
  PRIVILEGE_LEVELS,
  type PrivilegesPut,
  type SiteSettings,
} from '@agora/contracts';
import type { FieldProblem } from '@agora/platform';
import type { Static } from 'typebox';

type Privileges = SiteSettings['privileges'];

/**
 * The privileges setting an admin's PUT makes of the stored one, or what is wrong with it. A standard level keeps
 * the stored custom thresholds for later; the custom level needs one threshold for every leveled permission, each
 * named once (the reference stores 0, which grants to everyone, for a permission left out). Pure.
 */
export function privilegesOf(
  body: Static<typeof PrivilegesPut>,
  stored: Privileges,
): { values: Privileges; problems: FieldProblem[] } {
  const { level } = body;
  const levels = [...PRIVILEGE_LEVELS, CUSTOM_PRIVILEGE_LEVEL];
  if (!levels.includes(level as never)) {
    return {
      values: stored,
      problems: [{ field: 'level', key: 'validation.one_of', params: { options: levels.join(', ') } }],
    };
  }
  const kept = stored.custom_privileges ? { custom_privileges: stored.custom_privileges } : {};
  if (level !== CUSTOM_PRIVILEGE_LEVEL) return { values: { level, ...kept }, problems: [] };
  const field = 'custom_privileges';
  const sent = body.custom_privileges ?? [];
  const known = new Set<string>(LEVELED_PRIVILEGE_KEYS);
  const unknown = sent.find((item) => !known.has(item.key));
  if (unknown)
    return {
      values: stored,
      problems: [{ field, key: 'validation.privilege_unknown', params: { value: unknown.key } }],
    };
  const seen = new Set<string>();
  const repeated = sent.find((item) => seen.size === seen.add(item.key).size);
  if (repeated)
    return { values: stored, problems: [{ field, key: 'validation.duplicate', params: { value: repeated.key } }] };
  const missing = LEVELED_PRIVILEGE_KEYS.find((key) => !seen.has(key));
  if (missing)
    return { values: stored, problems: [{ field, key: 'validation.privilege_missing', params: { value: missing } }] };
  const custom_privileges = Object.fromEntries(
    LEVELED_PRIVILEGE_KEYS.map((key) => [key, sent.find((item) => item.key === key)?.value as number]),
  );
  return { values: { level, custom_privileges }, problems: [] };
}
