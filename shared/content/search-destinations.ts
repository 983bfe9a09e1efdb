// What visitors come to the site to do elsewhere: log in, pay, open a ticket,
// check the service status. Search lists each as a result of its own that
// leaves the site, found by the words visitors use for the task (which the
// pages rarely say). Their titles and texts are copy, in destinations.labels.md;
// the addresses come from configuration (shared/links.ts).
import { externalLinks } from '../links.js';
import type { SiteConfig } from '../site-config.js';
import * as words from './destinations.labels.md';
import { fill } from './labels.js';
import { plans } from './plans.js';

/** The plans' names as a sentence lists them: "Starter, Pro or Max". */
const planNames = plans.map((plan) => plan.name);
const planList = planNames.length > 1 ? `${planNames.slice(0, -1).join(', ')} or ${planNames.at(-1)}` : planNames.join('');

export interface Destination {
  /** Names the destination in the relevance set (test/search/relevance-set.ts): external:<id>. */
  id: string;
  title: string;
  /** Shown as the result's snippet. */
  description: string;
  /** Words and phrases visitors search for the task with. */
  keywords: string[];
  url: string;
}

export function searchDestinations(site: SiteConfig): Destination[] {
  const links = externalLinks(site);
  const destinations: (Destination | false)[] = [
    {
      id: 'clientLogin',
      ...words.clientLogin,
      keywords: ['log in', 'login', 'sign in', 'signin', 'account', 'client area', 'portal', 'dashboard', 'my services', 'password'],
      url: links.clientLogin,
    },
    {
      id: 'payInvoice',
      ...words.payInvoice,
      keywords: [
        'pay',
        'invoice',
        'invoices',
        'bill',
        'bills',
        'billing',
        'payment',
        'payment method',
        'credit card',
        'card',
        'receipt',
        'renew',
      ],
      url: links.invoices,
    },
    {
      id: 'order',
      title: words.order.title,
      description: fill(words.order.description, { plans: planList }),
      keywords: ['order', 'buy', 'purchase', 'sign up', 'signup', 'checkout', 'cart', 'subscribe to a plan'],
      url: links.store,
    },
    {
      id: 'submitTicket',
      ...words.submitTicket,
      keywords: ['ticket', 'tickets', 'help desk', 'helpdesk', 'problem', 'issue', 'not working', 'broken'],
      url: links.submitTicket,
    },
    {
      id: 'reportAbuse',
      ...words.reportAbuse,
      keywords: ['abuse', 'spam', 'phishing', 'scam', 'complaint'],
      url: links.reportAbuse,
    },
    {
      id: 'statusPage',
      ...words.statusPage,
      keywords: ['status', 'down', 'outage', 'offline', 'is it down', 'server status', 'incident', 'maintenance window'],
      url: links.statusPage,
    },
    Boolean(links.liveChat) && {
      id: 'liveChat',
      ...words.liveChat,
      keywords: ['chat', 'live chat', 'talk', 'message'],
      url: links.liveChat ?? '',
    },
  ];
  return destinations.filter((destination) => destination !== false);
}
