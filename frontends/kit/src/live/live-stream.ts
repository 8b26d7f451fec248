import { Live } from '@agora/contracts/live/limits';
import { LiveEvent, type LiveMessage, type LiveTopics } from '@agora/contracts/live/messages';
import { API_BASE } from '../api/client';
import { currentLanguage } from '../i18n/i18n';
import { getToken } from '../session/session';
import type { StreamEnd } from './retry-policy';
import { readFrames, type SseFrame } from './sse-frames';

export interface StreamHandlers {
  /** The stream is open: the topics granted and refused, and where it starts. */
  onTopics(topics: LiveTopics, id: string | undefined): void;
  onMessage(message: LiveMessage, id: string | undefined): void;
}

export interface OpenedStream {
  close(): void;
  /** How it ended; null when closed here. */
  ended: Promise<StreamEnd | null>;
}

export const liveUrl = (topics: readonly string[], lastId: string | null): string => {
  const query = new URLSearchParams({ topics: topics.join(',') });
  if (lastId) query.set('last_event_id', lastId);
  return `${API_BASE}/${Live.path}?${query}`;
};

/**
 * `GET {base}/api/v1/live` read with fetch rather than EventSource, which cannot send the member's token (the
 * API takes it from the Authorization header only); the position is passed as `?last_event_id=`.
 */
export function openLiveStream(
  topics: readonly string[],
  lastId: string | null,
  handlers: StreamHandlers,
): OpenedStream {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Accept-Language': currentLanguage(),
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  const ended = (async (): Promise<StreamEnd | null> => {
    let response: Response;
    try {
      response = await fetch(liveUrl(topics, lastId), {
        headers,
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch {
      return controller.signal.aborted ? null : { kind: 'refused', status: 0 };
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream') || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      return { kind: 'refused', status: response.ok ? 0 : response.status };
    }
    return read(response.body, handlers, controller.signal);
  })();
  return { close: () => controller.abort(), ended };
}

/** Hands each frame on until the stream ends; what the last named event said is how it ended. */
async function read(body: NonNullable<Response['body']>, handlers: StreamHandlers, signal: AbortSignal) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  let retryMs: number = Live.retryMs;
  const dispatch = (frame: SseFrame): StreamEnd | null => {
    if (frame.retry !== undefined) retryMs = frame.retry;
    if (frame.event === LiveEvent.reload) return { kind: 'reload' };
    if (frame.event === LiveEvent.reconnect) return { kind: 'reconnect', retryMs };
    if (!frame.data) return null;
    const data = JSON.parse(frame.data) as unknown;
    if (frame.event === LiveEvent.topics) handlers.onTopics(data as LiveTopics, frame.id);
    else if (frame.event === undefined) handlers.onMessage(data as LiveMessage, frame.id);
    return null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return signal.aborted ? null : { kind: 'dropped' as const };
      const { frames, rest } = readFrames(received + value);
      received = rest;
      for (const frame of frames) {
        const end = dispatch(frame);
        if (end) return end;
      }
    }
  } catch {
    return signal.aborted ? null : { kind: 'dropped' as const };
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
