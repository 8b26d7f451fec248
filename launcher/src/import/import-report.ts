import type { ImportKind } from '@agora/contracts/import/records';
import type { ImportOutcome } from './run-import';

const n = (value: number) => value.toLocaleString('en-US');

/** The lines an import ends with: per kind and service, what was imported, what was skipped and why. */
export function reportLines(outcome: ImportOutcome, catchUpSeconds: Record<string, number> = {}): string[] {
  if (outcome.kind === 'refused') return [`Import refused: ${outcome.reason}.`];
  if (outcome.kind === 'checked') {
    return [
      'Dry run: everything was read and checked, nothing was written.',
      ...Object.entries(outcome.counts)
        .filter(([, count]) => (count ?? 0) > 0)
        .map(([kind, count]) => `  ${kind}: ${n(count ?? 0)} to import`),
    ];
  }
  const { run } = outcome;
  const lines: string[] = [];
  if (outcome.kind === 'stopped') {
    lines.push(`Import stopped; run the same command again to go on from where it stopped (run ${run.id}).`);
  } else {
    lines.push(`Import ${outcome.resumed ? 'resumed and ' : ''}finished (run ${run.id}) from ${run.source}.`);
  }
  for (const [kind, byService] of Object.entries(run.tallies) as [ImportKind, Record<string, never>][]) {
    const read = run.done[kind] ?? 0;
    if (read === 0) continue;
    lines.push(`  ${kind}: ${n(read)} read`);
    for (const [service, tally] of Object.entries(run.tallies[kind] ?? byService)) {
      lines.push(`    ${service}: ${n(tally.imported)} imported, ${n(tally.skipped)} skipped`);
      for (const [reason, count] of Object.entries(tally.reasons)) lines.push(`      ${n(count)} skipped: ${reason}`);
    }
  }
  const caughtUp = Object.entries(catchUpSeconds);
  if (caughtUp.length > 0) {
    lines.push(`  projections caught up: ${caughtUp.map(([s, seconds]) => `${s} ${seconds.toFixed(1)} s`).join(', ')}`);
  }
  return lines;
}
