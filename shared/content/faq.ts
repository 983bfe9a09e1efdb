// The shared hosting page's frequently asked questions. Every answer is made of
// facts the site states elsewhere, taken from the same constants and texts
// (business terms, plan prices, the migration offer, the Terms' wording), so a
// changed term changes its answer too.
import { business, formatUsd } from './business.js';
import { migrationOffer, planChanges } from './home.js';
import { freeMonths, plans, yearlySaving } from './plans.js';

export interface Question {
  /** Anchor of the question, for links and the search index. */
  id: string;
  question: string;
  answer: string;
}

const [cheapest] = plans;
const unlimited = plans.filter((plan) => plan.bandwidth === 'Unlimited').map((plan) => plan.name);

export const hostingFaq: Question[] = [
  {
    id: 'faq-billing',
    question: 'How does billing work, and do plans renew automatically?',
    answer: `Plans are billed in advance, monthly or yearly, and renew automatically at the end of each period unless you cancel from the client portal before the renewal date. A yearly term costs ${freeMonths(cheapest)} months less: ${cheapest.name} is ${formatUsd(cheapest.yearlyPrice)} a year, ${formatUsd(yearlySaving(cheapest))} less than twelve monthly payments of ${formatUsd(cheapest.monthlyPrice)}.`,
  },
  {
    id: 'faq-refund',
    question: 'Can I get my money back?',
    answer: `Yes. Cancel within the first ${business.refundDays} days of a new hosting service for a full refund of its hosting fee. After that, payments are not refunded, and yearly plans are not prorated.`,
  },
  {
    id: 'faq-uptime',
    question: 'What if my site goes down?',
    answer: `We guarantee ${business.uptimeGuarantee} uptime, measured monthly and excluding announced maintenance. If we fall short, you get account credit of ${business.slaCreditMultiplier} times the downtime: ask for it with a support ticket within the following month.`,
  },
  {
    id: 'faq-backups',
    question: 'Are my files backed up?',
    answer: `Every plan is backed up ${business.backupsPerDay} times a day, and you can create a backup on demand before any change; with Website Maintenance, restores are done for you. Backups are a convenience, not a guarantee: keep your own copy of anything you cannot afford to lose.`,
  },
  {
    id: 'faq-bandwidth',
    question: 'What happens if I use more bandwidth than my plan includes?',
    answer: `Bandwidth beyond a plan's allowance is billed at ${formatUsd(business.overagePerGb)} per GB. ${unlimited.join(' and ')} include unlimited bandwidth.`,
  },
  {
    id: 'faq-migration',
    question: 'Will you move my site from my current host?',
    answer: `Yes, for free. ${migrationOffer}`,
  },
  {
    id: 'faq-plan-changes',
    question: 'Can I change plans later?',
    answer: planChanges,
  },
  {
    id: 'faq-cancel',
    question: 'How do I cancel?',
    answer: `Request cancellation from the client portal before the renewal date, and the plan does not renew. Within the first ${business.refundDays} days you get the hosting fee back. Once a service ends, its site data is removed immediately; copies in off-site backups can take up to ${business.offsiteBackupRemovalMonths} months to expire.`,
  },
];
