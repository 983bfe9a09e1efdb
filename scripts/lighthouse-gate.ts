import type { PageAudit } from './lighthouse-audit.js';

/**
 * The gate on each page's audit. Accessibility, best practices and SEO do not
 * depend on the host: 100. LCP and CLS come from Lighthouse's simulated
 * network, so they are gated strictly. Performance and Total Blocking Time
 * follow the host's CPU, which the audit calibrates its slowdown to
 * (scripts/lighthouse-audit.ts, decision 022), so they are gated as guards
 * against a real regression; a page under the gate is audited again before it
 * fails (scripts/lighthouse.ts). Issue 42's target (98, 50 ms) replaces these
 * guards once a fresh-clone run has measured every page against it.
 */
export const gate = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1000, cls: 0.01, tbtMs: 300 };

/**
 * With analytics on, the consent script runs and the bar is laid out before the first paint, and the longest page
 * (shared hosting) is not yet under 1.0 s (its figures: docs/performance.md); a gate of its own until issue 42 brings
 * it under 1.0 s with the rest.
 */
export const analyticsLcpMs = 1100;

export function lighthouseGate(audits: PageAudit[], lcpMs = gate.lcpMs): string[] {
  return audits.flatMap((audit) => [
    ...(['performance', 'accessibility', 'bestPractices', 'seo'] as const)
      .filter((category) => audit.scores[category] < gate[category])
      .map((category) => `${audit.path}: ${category} ${audit.scores[category]} < ${gate[category]}`),
    // Written so that a figure Lighthouse could not measure (NaN) fails too.
    ...(!(audit.lcpMs <= lcpMs) ? [`${audit.path}: LCP ${audit.lcpMs} ms > ${lcpMs} ms`] : []),
    ...(!(audit.cls < gate.cls) ? [`${audit.path}: CLS ${audit.cls} >= ${gate.cls}`] : []),
    ...(!(audit.tbtMs <= gate.tbtMs) ? [`${audit.path}: TBT ${audit.tbtMs} ms > ${gate.tbtMs} ms`] : []),
  ]);
}
