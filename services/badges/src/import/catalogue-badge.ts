import { BADGES, type BadgeDefinition, badgeName, DEFAULT_LANGUAGE } from '@agora/contracts';

const spelled = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');

/** Each catalogue badge by its key and by its English name, spelled alike ("Nice Answer": `nice_answer`). */
const BY_NAME = new Map<string, BadgeDefinition>(
  BADGES.flatMap((badge) => [
    [spelled(badge.key), badge],
    [spelled(badgeName(DEFAULT_LANGUAGE, badge)), badge],
  ]),
);

/**
 * The catalogue badge an imported award names: by Agora's key (what a reader gives for a badge with a counterpart) or
 * by its English name (a source that keeps names, as a Stack Exchange dump does); undefined for any other badge, as
 * Agora's catalogue is fixed (docs/adr/0094-importing-a-community.md).
 */
export function catalogueBadge(name: string): BadgeDefinition | undefined {
  return BY_NAME.get(spelled(name));
}
