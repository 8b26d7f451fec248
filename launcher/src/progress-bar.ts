/**
 * A progress bar on stderr: redrawn in place on a terminal, a line every few seconds otherwise (logs,
 * CI), so it never mixes into what a command prints on stdout.
 */
export class ProgressBar {
  private readonly started = Date.now();
  private lastLine = 0;
  private lastDone = 0;

  constructor(
    private readonly label: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number, total: number): void {
    this.lastDone = done;
    const now = Date.now();
    if (!this.out.isTTY && now - this.lastLine < 2000 && done < total) return;
    this.lastLine = now;
    const line = this.render(done, total);
    if (this.out.isTTY) this.out.write(`\r${line}\x1b[K`);
    else this.out.write(`${line}\n`);
  }

  render(done: number, total: number): string {
    const width = 30;
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(share * width);
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const rate = done / seconds;
    const eta = rate > 0 && total > done ? (total - done) / rate : 0;
    const n = (value: number) => Math.round(value).toLocaleString('en-US');
    return (
      `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(share * 100).toFixed(1)}% ` +
      `${n(done)}/${n(total)} ${n(rate)}/s ETA ${clock(eta)}`
    );
  }

  /** Ends the bar's line; returns the seconds it ran and the rate. */
  finish(): { seconds: number; perSecond: number } {
    if (this.out.isTTY) this.out.write('\n');
    const seconds = (Date.now() - this.started) / 1000;
    return { seconds, perSecond: this.lastDone / Math.max(seconds, 0.001) };
  }
}

function clock(seconds: number): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}
