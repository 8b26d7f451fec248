import type { SiteSettings } from '@agora/contracts';
import type { ImportedTag, ImportTally } from '@agora/contracts/import/records';
import { type ImportRun, loadSiteSettings, noneYet, note, type ServiceContext, skip, type Tx } from '@agora/platform';
import { importSettings } from './settings-import';

type SiteTag = SiteSettings['tags']['reserved_tags'][number];

function withTags(current: SiteTag[], tags: ImportedTag[]): SiteTag[] {
  const known = new Set(current.map((t) => t.slug_name));
  const added = tags
    .filter((t) => !known.has(t.slug_name))
    .map((t) => ({ slug_name: t.slug_name, display_name: t.display_name }));
  return [...current, ...added];
}

/**
 * A tag's reserved and recommended marks are the site's `tags` settings, not the tags service's
 * (docs/adr/0094-importing-a-community.md): the batch's live tags that have them are added to those lists, saved
 * as an admin's save of the group would be. A tag listed already is left alone, so a batch written again changes
 * nothing. Counts the tags whose marks were kept.
 */
export async function importTagSettings(
  context: ServiceContext,
  tx: Tx,
  records: ImportedTag[],
  run: ImportRun,
  tally: ImportTally,
): Promise<void> {
  const live = records.filter((t) => !t.deleted);
  const reserved = live.filter((t) => t.reserved);
  const recommended = live.filter((t) => t.recommend);
  if (reserved.length === 0 && recommended.length === 0) return;
  const current = (await loadSiteSettings(tx, context.config.siteUrl)).tags;
  const values = {
    reserved_tags: withTags(current.reserved_tags, reserved),
    recommend_tags: withTags(current.recommend_tags, recommended),
  };
  const saved = noneYet();
  await importSettings(context, tx, { kind: 'settings', group: 'tags', values }, run, saved);
  const marked = new Set([...reserved, ...recommended]);
  const refused = Object.keys(saved.reasons)[0];
  for (const what of Object.keys(saved.notes ?? {})) note(tally, what);
  for (const _tag of marked) {
    if (refused) skip(tally, `reserved or recommended mark: ${refused}`);
    else tally.imported += 1;
  }
}
