// The order test files start in: the suites that drive browsers first, then vitest's own order (the slowest of the
// last run first, or on a fresh clone, where there is no last run, the largest file first). Those suites are the
// longest by far, yet their files are a few lines each (test/engines/*.test.ts run scenarios written elsewhere), so by
// size they would start last, and the run would end with one worker on WebKit while the other waits.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const rank = (spec: TestSpecification) => (spec.moduleId.includes('/test/engines/') ? 0 : spec.moduleId.includes('/test/browser/') ? 1 : 2);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: within a rank, vitest's order stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
