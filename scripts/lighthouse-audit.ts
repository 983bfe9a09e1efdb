// Runs Lighthouse 12 (default mobile settings: simulated slow 4G and a 4x
// slower CPU) in Debian's Chromium against each given page, one at a time.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, chromiumFlags } from '../test/support/browser.js';

export interface PageAudit {
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferBytes: number;
  failing: string[];
}

/**
 * Audits each page `runs` times and keeps the median run (by performance score,
 * then TBT), as Lighthouse's own guidance recommends: a single run on a shared
 * machine measures the machine as much as the page.
 */
export async function auditPages(baseUrl: string, paths: string[], runs = 1): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  try {
    const audits: PageAudit[] = [];
    for (const path of paths) {
      const samples: PageAudit[] = [];
      for (let run = 0; run < runs; run++) samples.push(await auditOnce(chrome.port, baseUrl, path));
      samples.sort((a, b) => a.scores.performance - b.scores.performance || b.tbtMs - a.tbtMs);
      audits.push(samples[Math.floor(samples.length / 2)]!);
    }
    return audits;
  } finally {
    chrome.kill();
  }
}

async function auditOnce(port: number, baseUrl: string, path: string): Promise<PageAudit> {
  // A busy shared machine now and then makes a run fail outright (no paint seen
  // in time); such a run measures the machine, not the page, so retry it.
  let result = await lighthouse(`${baseUrl}${path}`, { port, output: 'json', logLevel: 'error' });
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
    result = await lighthouse(`${baseUrl}${path}`, { port, output: 'json', logLevel: 'error' });
  }
  if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${result?.lhr.runtimeError?.message}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const scored = new Set(['binary', 'numeric', 'metricSavings']);
  const failing = Object.values(categories)
    .flatMap((category) => category.auditRefs)
    .map((ref) => audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1 && scored.has(audit.scoreDisplayMode))
    .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
  return {
    path,
    scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') },
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    transferBytes: Math.round(audits['total-byte-weight']?.numericValue ?? NaN),
    failing: [...new Set(failing)],
  };
}

export function formatAudits(audits: PageAudit[]): string {
  const header =
    '| Page | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | Transferred |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |';
  const rows = audits.map(
    (a) =>
      `| \`${a.path}\` | ${a.scores.performance} | ${a.scores.accessibility} | ${a.scores.bestPractices} | ${a.scores.seo} | ${(a.lcpMs / 1000).toFixed(2)} s | ${a.cls} | ${a.tbtMs} ms | ${(a.transferBytes / 1024).toFixed(1)} KB |`,
  );
  return [header, ...rows].join('\n');
}
