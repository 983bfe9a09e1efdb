// The visitor's analytics choice, kept on this device only (no server state:
// every page stays one cached document for everyone). A choice is asked again
// after twelve months, as European regulators expect consent to be renewed.
// Storage that cannot be used (blocked, or full) keeps the choice for the page.
export type ConsentChoice = 'granted' | 'denied';

const STORAGE_KEY = 'analytics-consent';
const RENEW_AFTER_MS = 365 * 24 * 60 * 60 * 1000;

let pageChoice: ConsentChoice | undefined;

export function storedChoice(now = Date.now()): ConsentChoice | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { choice?: unknown; at?: unknown } | null;
    if ((saved?.choice === 'granted' || saved?.choice === 'denied') && typeof saved.at === 'number' && now - saved.at < RENEW_AFTER_MS) {
      return saved.choice;
    }
  } catch {
    // Unreadable or malformed: as if the visitor had not chosen.
  }
  return pageChoice;
}

export function storeChoice(choice: ConsentChoice): void {
  pageChoice = choice;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ choice, at: Date.now() }));
  } catch {
    // Kept for this page only.
  }
}

/** Global Privacy Control: the browser's standing refusal, which counts as Reject. */
export function privacyControlOn(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/**
 * Removes the analytics cookies (Google Analytics' `_ga`, `_ga_<id>`, `_gid`,
 * `_gat…`) after a refusal, on this host and each parent domain they may have
 * been set on.
 */
export function removeAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => /^_(ga|gid|gat)/.test(name));
  const labels = location.hostname.split('.');
  const domains = [undefined, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))];
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
    }
  }
}
