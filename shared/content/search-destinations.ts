// What visitors come to the site to do elsewhere: log in, pay, open a ticket,
// check the service status. Search lists each as a result of its own that
// leaves the site, found by the words visitors use for the task (which the
// pages rarely say). The addresses come from configuration (shared/links.ts).
import { externalLinks } from '../links.js';
import type { SiteConfig } from '../site-config.js';

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
      title: 'Client Login',
      description: 'Log in to the client portal to manage your services, domains, invoices and support tickets.',
      keywords: ['log in', 'login', 'sign in', 'signin', 'account', 'client area', 'portal', 'dashboard', 'my services', 'password'],
      url: links.clientLogin,
    },
    {
      id: 'payInvoice',
      title: 'Pay an invoice',
      description: 'See your invoices and pay them in the client portal, by card or the other methods it offers.',
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
      title: 'Order shared hosting',
      description: 'Choose a plan and order it in the client portal: Starter, Pro or Max, monthly or yearly.',
      keywords: ['order', 'buy', 'purchase', 'sign up', 'signup', 'checkout', 'cart', 'subscribe to a plan'],
      url: links.store,
    },
    {
      id: 'submitTicket',
      title: 'Open a support ticket',
      description: 'Ask our support team for help through the client portal; we reply within minutes, day and night.',
      keywords: ['ticket', 'tickets', 'help desk', 'helpdesk', 'problem', 'issue', 'not working', 'broken'],
      url: links.submitTicket,
    },
    {
      id: 'reportAbuse',
      title: 'Report abuse',
      description: 'Report spam, phishing, malware or other abuse coming from a site we host.',
      keywords: ['abuse', 'spam', 'phishing', 'scam', 'complaint'],
      url: links.reportAbuse,
    },
    {
      id: 'statusPage',
      title: 'Service status',
      description: 'See whether our servers and services are running normally, and any maintenance planned.',
      keywords: ['status', 'down', 'outage', 'offline', 'is it down', 'server status', 'incident', 'maintenance window'],
      url: links.statusPage,
    },
    Boolean(links.liveChat) && {
      id: 'liveChat',
      title: 'Live chat',
      description: 'Chat with our team now.',
      keywords: ['chat', 'live chat', 'talk', 'message'],
      url: links.liveChat ?? '',
    },
  ];
  return destinations.filter((destination) => destination !== false);
}
