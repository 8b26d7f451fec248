import { LiveEvent, LiveTopic } from '@agora/contracts';
import type { LiveAccess } from './access';
import { wireTopic } from './event-messages';
import type { LiveHub } from './hub';
import type { LiveStream } from './stream';

/** Long enough for posts' read caches to have heard of the change the status message told. */
const RECHECK_AFTER_MS = 1000;

/**
 * After a question was deleted, hidden or purged, each of its watchers is asked again whether the API still shows it
 * to them (its author and moderators may still see it); those it does not are dropped from the topic and told so in a
 * `topics` event (docs/adr/0099-live-pages.md).
 */
export function questionRecheck(hub: () => LiveHub | 'starting' | null, access: LiveAccess) {
  return (topic: string, streams: LiveStream[]) => {
    const id = topic.slice(LiveTopic.questionPrefix.length);
    access.forget(id);
    setTimeout(() => {
      access.forget(id);
      for (const stream of streams) {
        if (!stream.open) continue;
        access
          .question(id, stream.owner.token, 'live-recheck')
          .then((visible) => {
            if (visible || !stream.open) return;
            const current = hub();
            if (current && current !== 'starting') current.drop(stream, topic);
            stream.event(LiveEvent.topics, { granted: [...stream.topics].map(wireTopic), refused: [wireTopic(topic)] });
          })
          .catch(() => {});
      }
    }, RECHECK_AFTER_MS).unref();
  };
}
