/** What one check of the probe found: how many cases it tried, and each one that did not hold. */
export interface CheckResult {
  name: string;
  cases: number;
  failures: string[];
  /** Why the check did not run (what it needs was not given or is off on this site). */
  skipped?: string;
}

/** Collects a check's cases and its failures. */
export class Findings {
  cases = 0;
  readonly failures: string[] = [];

  constructor(readonly name: string) {}

  expect(holds: boolean, what: string): void {
    this.cases += 1;
    if (!holds && this.failures.length < 50) this.failures.push(what);
  }

  result(): CheckResult {
    return { name: this.name, cases: this.cases, failures: this.failures };
  }
}

export const skipped = (name: string, why: string): CheckResult => ({ name, cases: 0, failures: [], skipped: why });
