import type { LegacyIdStyle } from '@agora/contracts/import/legacy-ids';
import type { AgoraConfig, EventBus, ServiceModule } from '@agora/platform';
import type { ExportSource } from '@agora/platform/export/export-source';
import { type PostsParts, postsService } from '@agora/posts';
import type { Logger } from 'pino';
import { type OpenProjections, openProjections } from '../projection-runner';
import { ALL_SERVICES } from '../services';

/** A service's export source, opened on its database, with its name for the progress lines. */
export interface OpenExportSource {
  service: string;
  source: ExportSource;
}

export interface ExportSources {
  sources: OpenExportSource[];
  /** The id style of the site's old links (the import that made it), `answer` for a site that never imported. */
  legacyIds: LegacyIdStyle;
  close(): Promise<void>;
}

/**
 * Opens every service that has an exporter on the site's database, as its own process would (its context and parts),
 * to read its read models: nothing is migrated or started, and nothing is written but each instance's node id lease.
 */
export async function openExportSources(options: {
  config: AgoraConfig;
  databaseUrl: string;
  bus: EventBus;
  log: Logger;
  modules?: readonly ServiceModule[];
}): Promise<ExportSources> {
  const opened: OpenProjections[] = [];
  const close = async () => {
    for (const projections of opened.reverse()) await projections.close();
  };
  const sources: OpenExportSource[] = [];
  let legacyIds: LegacyIdStyle = 'answer';
  try {
    for (const module of options.modules ?? ALL_SERVICES) {
      if (!module.exporter) continue;
      const projections = await openProjections(module, options);
      opened.push(projections);
      sources.push({ service: module.name, source: module.exporter(projections.context, projections.parts) });
      if (module.name === postsService.name)
        legacyIds = (await (projections.parts as PostsParts).reads.legacyIdStyle()) ?? 'answer';
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { sources, legacyIds, close };
}
