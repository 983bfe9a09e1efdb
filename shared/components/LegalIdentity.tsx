// The company's legal identity as the operator configured it (LEGAL_NAME,
// LEGAL_ADDRESS, COMPANY_REGISTRATION_NUMBER, VAT_ID), where visitors and the
// law expect it: the footer, Contact, and the legal pages as the party to
// them. Each part only when set; with none set, nothing is shown.
import type { SiteConfig } from '../site-config.js';
import { legal as labels } from '../content/pages.labels.md';
import { fill } from '../content/labels.js';

/** One line naming the company: "Acme Cloud Ltd, 1 Example Street, …, company number 01234567, VAT GB123456789". */
export function legalIdentityLine(site: Pick<SiteConfig, 'brandName' | 'legal'>): string | undefined {
  const legal = site.legal;
  if (!legal) return undefined;
  return [
    legal.name ?? site.brandName,
    legal.address,
    legal.registrationNumber && fill(labels.companyNumber, { number: legal.registrationNumber }),
    legal.vatId && fill(labels.vat, { vat: legal.vatId }),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The line in a paragraph of its own, led by what the company is to the visitor reading it. */
export function LegalIdentity({ site, lead, className }: { site: SiteConfig; lead: string; className?: string }) {
  const line = legalIdentityLine(site);
  if (!line) return null;
  return (
    <p className={className}>
      {lead} {line}.
    </p>
  );
}
