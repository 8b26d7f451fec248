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

  /** Resolves at the next wake-up or after `timeoutMs`, whichever comes first. */
  async wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
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
