import type { ProjectionRunner } from '@agora/platform';

/** How often a long catch-up says how far behind it is. */
const REPORT_EVERY_MS = 10_000;
/** A catch-up whose projections have not moved for this long is stuck, not slow (a transaction held open, say). */
export const CATCH_UP_STALL_MS = 10 * 60_000;

/**
 * Waits until every running projection of `runner` has read its sources to their end, however long that takes while
 * they move (an import's or a rebuild's replay can take hours at a large community's size), reporting what is still
 * behind every ten seconds; throws when nothing has moved for `stallMs`.
 */
export async function catchUpWithProgress(
  runner: ProjectionRunner,
  report: (behind: string) => void,
  stallMs = CATCH_UP_STALL_MS,
): Promise<void> {
  let lastLag = Number.POSITIVE_INFINITY;
  let movedAt = Date.now();
  for (;;) {
    // A catch-up past its time throws; here that only means another progress line.
    const caughtUp = await runner.waitForCatchUp(REPORT_EVERY_MS).then(
      () => true,
      () => false,
    );
    if (caughtUp) return;
    const behind = (await runner.status()).filter((s) => s.lag > 0);
    const lag = behind.reduce((sum, s) => sum + s.lag, 0);
    if (lag < lastLag) {
      lastLag = lag;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > stallMs) {
      throw new Error(`projections have not moved for ${Math.round(stallMs / 1000)} s: ${describe(behind)}`);
    }
    report(describe(behind));
  }
}

const describe = (behind: { name: string; lag: number }[]) =>
  behind.map((s) => `${s.name} ${s.lag.toLocaleString('en-US')} behind`).join(', ');
