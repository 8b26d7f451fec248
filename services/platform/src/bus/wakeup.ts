/** A latch that remembers a wake-up which arrives while nobody is waiting. */
export class Wakeup {
  private pending = false;
  private resolve: (() => void) | null = null;

  wake(): void {
    this.pending = true;
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.();
  }

  /** Resolves at the next wake-up or after `timeoutMs`, whichever comes first; without one, at the next wake-up. */
  async wait(timeoutMs?: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.resolve = null;
              resolve();
            }, timeoutMs);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.pending = false;
  }
}

/** Past this many characters of type names, an append's notification names only its producer. */
export const EVENT_TYPES_IN_NOTIFY_MAX = 7000;

/** An `agora_events` notification: the producing schema, and the appended types when it names them. */
export function parseEventsNotification(payload: string): { source: string; types: string[] | null } {
  const colon = payload.indexOf(':');
  if (colon < 0) return { source: payload, types: null };
  return { source: payload.slice(0, colon), types: payload.slice(colon + 1).split(',') };
}

/** Whether a consumer of `applies` (every type when null) has work in an append of `appended` (unknown when null). */
export function concerns(applies: ReadonlySet<string> | null, appended: readonly string[] | null): boolean {
  if (applies === null || appended === null) return true;
  return appended.some((type) => applies.has(type));
}
