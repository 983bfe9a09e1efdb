// The three legal documents, written from the specification's terms. Every
// figure comes from the business constants, so a change there changes the
// policy text everywhere it appears. The company name is the configured brand.
import type { SiteConfig } from '../site-config.js';
import { business, formatLegalDate, formatUsd, supportChannels } from './business.js';

/** A paragraph, a list, or a paragraph that depends on how the operator configured the site. */
export type LegalBlock = string | { list: string[] } | ((site: SiteConfig) => string);

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  intro: (brand: string) => string;
  /** What the company is to the reader of this document, before its legal identity (when configured). */
  party: string;
  sections: LegalSection[];
}

export const legalUpdated = formatLegalDate(business.legalUpdated);

export const prohibitedUses = [
  'Illegal or fraudulent activity of any kind, including phishing, scams and the sale of illegal goods.',
  'Content that infringes copyright, trademarks or other rights, or that is offensive, abusive or malicious, including malware.',
  'Sending spam or unsolicited bulk email, or hosting sites advertised by spam.',
  'Unauthorized access to any system, account or data, including scanning, brute-forcing and credential stuffing.',
  'Network attacks, including denial-of-service attacks, flooding and packet spoofing.',
  'Resource abuse: processes or scripts that degrade the server for other customers.',
  'Running open mail relays or open proxies.',
  'Cryptocurrency mining.',
];

/** What the Privacy Policy says of cookies and analytics: true to the configuration it is served with. */
function analyticsPolicy(site: Pick<SiteConfig, 'gtmId' | 'analyticsConsent'>): string {
  if (!site.gtmId) return 'This website sets no cookies and runs no analytics.';
  const what =
    'Google Analytics, loaded through Google Tag Manager, records the pages you view, how you arrived, your browser and device type and your approximate location (derived from your IP address), and sets cookies named _ga and _ga_<id> that hold a random identifier for up to 2 years. We use it only to see which pages are useful; advertising features are switched off.';
  const change =
    'Your choice is kept in your browser on this device, and asked again after 12 months. You can change it at any time with "Cookie settings" at the bottom of every page; after you reject, nothing more is sent to Google from that moment, on the page you are on or any other, and the analytics cookies are deleted. A Global Privacy Control signal from your browser counts as a rejection, and then nothing is loaded.';
  if (site.analyticsConsent === 'required') {
    return `This website itself sets no cookies. With your consent only, we measure visits: the first time you visit, a bar at the bottom of the page asks, and nothing is loaded or stored before you choose Accept. ${what} ${change}`;
  }
  return `This website itself sets no cookies. We measure visits: ${what} ${change}`;
}

/** Sections of the Privacy Policy that other pages link to (the newsletter sign-up). */
export const privacySections = { howWeUseData: 'how-we-use-data' } as const;

export const privacyPolicy: LegalDocument = {
  party: 'The data controller is',
  intro: (brand) =>
    `This policy explains what personal data ${brand} collects when you visit this website or use our services, why we collect it, and the choices you have.`,
  sections: [
    {
      id: 'data-we-collect',
      title: 'Data we collect',
      blocks: [
        'We collect what you give us: your name, company, website, email address, phone number and message when you contact us; your email address when you subscribe to our newsletter; and the account, billing and support details you provide in the client portal.',
        'We also collect limited technical data when you visit: your IP address, browser type and the pages you view, kept in server logs to keep the service secure and reliable.',
      ],
    },
    {
      id: privacySections.howWeUseData,
      title: 'How we use your data',
      blocks: [
        {
          list: [
            'To provide, bill for and support the services you order.',
            'To answer your questions and support requests.',
            'To send the newsletter you subscribed to; every issue has an unsubscribe link.',
            'To detect and prevent abuse, fraud and security incidents.',
            'To meet our legal obligations.',
          ],
        },
        'We do not sell your personal data.',
      ],
    },
    {
      id: 'payments',
      title: 'Payments',
      blocks: [
        `Card payments are processed by ${business.paymentProcessor}. Your card details are held by that provider and never stored on our servers.`,
      ],
    },
    {
      id: 'where-data-is-stored',
      title: 'Where your data is stored',
      blocks: [`Your data is stored and processed only in ${business.dataLocation}.`],
    },
    {
      id: 'retention',
      title: 'How long we keep data',
      blocks: [
        'We keep account and billing records for as long as your account is open and as long afterwards as tax and accounting law requires.',
        `When a service is terminated, its site data is removed immediately. Copies in off-site backups can take up to ${business.offsiteBackupRemovalMonths} months to be removed as those backups expire.`,
      ],
    },
    {
      id: 'cookies-and-analytics',
      title: 'Cookies and analytics',
      blocks: [(site) => analyticsPolicy(site)],
    },
    {
      id: 'age',
      title: 'Age requirement',
      blocks: [`You must be at least ${business.minimumAge} years old to use our services or submit personal data to us.`],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      blocks: [
        'You may ask to see, correct or delete the personal data we hold about you, or object to how we use it. Contact us and we will answer within 30 days.',
      ],
    },
  ],
};

/** Clauses of the Terms that other pages link to (the guarantees beside the plans). */
export const termsClauses = { refunds: 'refunds', uptime: 'uptime-and-sla' } as const;

export const termsAndConditions: LegalDocument = {
  party: 'These terms are a contract between you and',
  intro: (brand) =>
    `These terms govern the hosting, development and maintenance services provided by ${brand}. By ordering a service you agree to them, and to our Acceptable Use Policy and Privacy Policy.`,
  sections: [
    {
      id: 'eligibility',
      title: 'Eligibility',
      blocks: [`You must be at least ${business.minimumAge} years old and able to enter a binding contract to order services.`],
    },
    {
      id: 'billing-and-renewal',
      title: 'Billing and automatic renewal',
      blocks: [
        'Services are billed in advance for the period you choose, monthly or yearly.',
        'Services renew automatically at the end of each period unless you request cancellation from the client portal before the renewal date.',
        `Bandwidth used beyond a plan's allowance is billed at ${formatUsd(business.overagePerGb)} per GB.`,
        `Card payments are processed by ${business.paymentProcessor}, which holds your card details.`,
      ],
    },
    {
      id: termsClauses.refunds,
      title: 'Refunds',
      blocks: [
        `You may cancel within the first ${business.refundDays} days of a new hosting service for a full refund of its hosting fee.`,
        'After that, payments are not refunded. Yearly subscriptions are not prorated: cancelling part-way through a year stops the next renewal but does not refund the remaining months.',
      ],
    },
    {
      id: termsClauses.uptime,
      title: 'Uptime guarantee and SLA credit',
      blocks: [
        `We guarantee ${business.uptimeGuarantee} uptime for hosting services, measured monthly and excluding announced maintenance.`,
        `If we fall short, you are entitled to account credit of ${business.slaCreditMultiplier} times the downtime. Credit is not automatic: request it through a support ticket within the following month.`,
      ],
    },
    {
      id: 'support',
      title: 'Support',
      blocks: [
        (site) =>
          `We guarantee a response to support requests within ${business.supportResponseMinutes} minutes. Support is available by ${supportChannels(site)}; tickets through the client portal are preferred, because they keep the full history of your request.`,
      ],
    },
    {
      id: 'backups',
      title: 'Backups',
      blocks: [
        `Hosting accounts are backed up ${business.backupsPerDay} times per day, and you can create a backup on demand. Backups are a convenience, not a guarantee: keep your own copy of anything you cannot afford to lose.`,
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use and copyright complaints',
      blocks: [
        'Services must be used in line with our Acceptable Use Policy.',
        `When we receive a valid DMCA complaint about content in your account, we give you ${business.dmcaNoticeHours} hours' notice to remove it or respond. If it is not resolved within that time, the service is suspended.`,
      ],
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      blocks: [
        'We may suspend or terminate a service for non-payment or for a breach of these terms or the Acceptable Use Policy.',
        `After termination, site data is removed immediately. Copies in off-site backups can take up to ${business.offsiteBackupRemovalMonths} months to be removed.`,
      ],
    },
    {
      id: 'data-location',
      title: 'Data location',
      blocks: [`All data is stored and processed only in ${business.dataLocation}.`],
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      blocks: [
        'Our total liability for any claim is limited to the fees you paid for the affected service in the three months before the claim. We are not liable for indirect or consequential loss, such as lost profits or data.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing law and disputes',
      blocks: [
        `These terms are governed by the laws of the State of ${business.governingState} and of the United States. Any dispute will be resolved by binding arbitration in ${business.governingState}, rather than in court.`,
      ],
    },
  ],
};

export const acceptableUsePolicy: LegalDocument = {
  party: 'This policy is part of your contract with',
  intro: (brand) =>
    `This policy describes what may not be done with services provided by ${brand}. It protects our customers, our network and the wider internet.`,
  sections: [
    {
      id: 'prohibited-uses',
      title: 'Prohibited uses',
      blocks: ['You may not use our services for, or allow others to use them for:', { list: prohibitedUses }],
    },
    {
      id: 'resource-use',
      title: 'Fair use of server resources',
      blocks: [
        'Shared hosting means sharing a server. Accounts that use excessive CPU or RAM may be throttled so that other customers are not affected. We will tell you when it happens and help you find the cause, or suggest a plan that fits.',
        `Bandwidth beyond a plan's allowance is billed at ${formatUsd(business.overagePerGb)} per GB.`,
      ],
    },
    {
      id: 'copyright',
      title: 'Copyright complaints (DMCA)',
      blocks: [
        `When we receive a valid DMCA complaint, we notify the account holder, who has ${business.dmcaNoticeHours} hours to remove the material or respond. If the complaint is not resolved within ${business.dmcaNoticeHours} hours, the service is suspended.`,
      ],
    },
    {
      id: 'enforcement',
      title: 'Enforcement',
      blocks: [
        'We may remove content, suspend or terminate a service that breaks this policy, with or without notice depending on the harm being done. Serious or repeated breaches lead to termination without refund.',
        `After termination, site data is removed immediately, and off-site backups can take up to ${business.offsiteBackupRemovalMonths} months to be removed.`,
      ],
    },
    {
      id: 'reporting-abuse',
      title: 'Reporting abuse',
      blocks: [
        'To report abuse of our network or services, open a ticket with our abuse department using the Report Abuse link below. Include the URLs, times and any evidence you have.',
      ],
    },
  ],
};
