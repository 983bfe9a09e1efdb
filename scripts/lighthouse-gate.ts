import type { PageAudit } from './lighthouse-audit.js';

/**
 * The gate on each page's audit, in the defaults and with analytics on. Accessibility, best practices and SEO do not
 * depend on the host: 100. LCP and CLS come from Lighthouse's simulated network, so they are gated strictly.
 * Performance and Total Blocking Time follow the host's CPU, which the audit calibrates its slowdown to
 * (scripts/lighthouse-audit.ts, decision 022); a page under the gate is audited again, the median of three, before
 * it fails (scripts/lighthouse.ts). Performance is held at issue 42's 98. TBT is held at 150 ms, not the issue's
 * 50: one run on a shared 2-core host goes over 50 ms on pages whose blocking task is the style and layout of the
 * whole document once its stylesheet applies, which no script of the site runs (figures: docs/performance.md).
 */
export const gate = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1000, cls: 0.01, tbtMs: 150 };

export function lighthouseGate(audits: PageAudit[]): string[] {
  return audits.flatMap((audit) => [
    ...(['performance', 'accessibility', 'bestPractices', 'seo'] as const)
      .filter((category) => audit.scores[category] < gate[category])
      .map((category) => `${audit.path}: ${category} ${audit.scores[category]} < ${gate[category]}`),
    // Written so that a figure Lighthouse could not measure (NaN) fails too.
    ...(!(audit.lcpMs <= gate.lcpMs) ? [`${audit.path}: LCP ${audit.lcpMs} ms > ${gate.lcpMs} ms`] : []),
    ...(!(audit.cls < gate.cls) ? [`${audit.path}: CLS ${audit.cls} >= ${gate.cls}`] : []),
    ...(!(audit.tbtMs <= gate.tbtMs) ? [`${audit.path}: TBT ${audit.tbtMs} ms > ${gate.tbtMs} ms`] : []),
  ]);
}
