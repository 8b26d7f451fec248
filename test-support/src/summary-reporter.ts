import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the closing line `N passed, N failed, N skipped` that CI reads whatever the runner, and after it
 * every unhandled error in full: CI keeps only the tail of the output, where the default reporter's
 * account of such an error (printed before its summary) is cut off.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    for (const error of unhandledErrors) {
      const origin = (error as { VITEST_TEST_PATH?: string }).VITEST_TEST_PATH ?? 'unknown file';
      const stack = (error.stack ?? '').split('\n').slice(0, 12).join('\n');
      process.stdout.write(
        `\nunhandled error (while ${origin} ran): ${error.name ?? 'Error'}: ${error.message}\n${stack}\n`,
      );
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
