import { normalizeTagSlug } from '@agora/contracts';
import type { ImportedTag } from '@agora/contracts/import/records';
import type { ImportedEvent } from '@agora/platform';
import { tagContent } from '../commands/content';
import type { TagEvent } from '../domain/tag/decider';

/**
 * An imported tag's own stream, versions from 1 (docs/adr/0094-importing-a-community.md): created by its creator at
 * its creation time with one text (`tagText`), then deleted when the source deleted it, at the same time and by its creator, as the source
 * dates and names no deletion. Its link to a main tag comes later (`synonymEvents`), once both tags are there.
 */
/**
 * A tag has one text, whose start the lists show: a source's excerpt (the short description) leads, its wiki
 * follows, unless the wiki already begins with it.
 */
export function tagText(t: Pick<ImportedTag, 'wiki' | 'excerpt'>): string {
  const excerpt = t.excerpt.trim();
  const wiki = t.wiki.trim();
  if (!excerpt || wiki.startsWith(excerpt)) return wiki || excerpt;
  return wiki ? `${excerpt}\n\n${wiki}` : excerpt;
}

export function tagEvents(t: ImportedTag, revisionId: string): ImportedEvent[] {
  const slug = normalizeTagSlug(t.slug_name);
  const acts: TagEvent[] = [
    {
      type: 'tags.tag_created',
      data: {
        tag_id: t.id,
        user_id: t.user_id,
        revision_id: revisionId,
        question_id: null,
        ...tagContent(slug, t.display_name.trim() || slug, tagText(t)),
      },
    },
  ];
  if (t.deleted) acts.push({ type: 'tags.tag_deleted', data: { tag_id: t.id, actor_id: t.user_id } });
  return acts.map((event, n) => ({
    streamId: t.id,
    version: n + 1,
    type: event.type,
    data: event.data,
    occurredAt: t.created_at,
    actorId: t.user_id,
  }));
}

/** A main tag as the read model has it when its synonyms come. */
export interface MainTag {
  id: string;
  /** Its stream's last version. */
  version: number;
  /** Its synonyms so far. */
  synonymIds: string[];
  createdAt: string;
}

/** A synonym to link: the tag, its stream's last version, the main tag it stands for. */
export interface SynonymLink {
  tag: ImportedTag;
  version: number;
  main: MainTag;
}

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * Synonyms linked to their main tags with the tags' own events, as setting synonyms does: each synonym's stream
 * records its main tag, and each main tag's stream its whole new list of synonyms (one event per main tag), each
 * after the stream's last version, at the time the later of the two tags was created.
 */
export function synonymEvents(links: SynonymLink[]): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  const mains = new Map<string, { main: MainTag; added: string[]; at: string; actorId: string }>();
  for (const { tag, version, main } of links) {
    const at = later(tag.created_at, main.createdAt);
    events.push({
      streamId: tag.id,
      version: version + 1,
      type: 'tags.synonym_linked',
      data: { tag_id: tag.id, actor_id: tag.user_id, main_tag_id: main.id },
      occurredAt: at,
      actorId: tag.user_id,
    });
    const set = mains.get(main.id) ?? { main, added: [], at, actorId: tag.user_id };
    set.added.push(tag.id);
    set.at = later(set.at, at);
    mains.set(main.id, set);
  }
  for (const { main, added, at, actorId } of mains.values()) {
    events.push({
      streamId: main.id,
      version: main.version + 1,
      type: 'tags.synonyms_set',
      data: { tag_id: main.id, actor_id: actorId, synonym_tag_ids: [...main.synonymIds, ...added] },
      occurredAt: at,
      actorId,
    });
  }
  return events;
}
