// Home page content.
import type { FeatureIconName } from './icons.js';
import type { SiteConfig } from '../site-config.js';
import { business, responsePromise, supportChannels } from './business.js';
import { contactTopics } from './forms.js';

export interface Feature {
  icon: FeatureIconName;
  title: string;
  text: string;
}

export const hero = {
  eyebrow: 'Hosting, development and maintenance',
  title: 'Cloud-Powered Excellence',
  text: 'Fast, secure hosting and custom software from a team that picks up when you call. Launch on NVMe servers today, and let us build and look after the rest.',
};

/** How customers change plans: the Scalable Plans card and the FAQ say it in these words. */
export const planChanges = 'Start small and move up a plan in one click as your traffic grows. No migration, no downtime.';

/** The six feature cards; the support card names the channels the operator offers. */
export const homeFeatures = (site: Pick<SiteConfig, 'liveChatUrl'>): Feature[] => [
  { icon: 'speed', title: 'Fast Speeds', text: 'NVMe storage and tuned servers load your pages in a blink, on every plan.' },
  {
    icon: 'shield',
    title: 'Secure Data',
    text: `Firewalls, malware scanning and backups ${business.backupsPerDay} times a day keep your site and your visitors safe.`,
  },
  {
    icon: 'uptime',
    title: `${business.uptimeGuarantee} Uptime`,
    text: `A ${business.uptimeGuarantee} uptime guarantee, backed by account credit if we ever fall short.`,
  },
  {
    icon: 'support',
    title: '24/7 Support',
    // Who answers and how to reach them; how fast is the Client Guarantee's to say, once on the page.
    text: `Real people on ${supportChannels(site)}, any hour of any day, weekends and holidays included.`,
  },
  {
    icon: 'scale',
    title: 'Scalable Plans',
    text: planChanges,
  },
  { icon: 'code', title: 'Developer Friendly', text: 'SSH, Git, multiple PHP versions, cron jobs and staging sites, ready when you are.' },
];

export const guarantee = {
  title: 'Client Guarantee',
  intro: 'Hosting is a relationship. These are the promises we make to every client, on every plan.',
  items: [
    {
      icon: 'chat',
      title: 'Clear Communication',
      text: 'Plain answers, no jargon, and a named person who follows your request until it is solved.',
    },
    {
      icon: 'support',
      title: '24/7 Response Team',
      text: `An engineer is on call around the clock, so a site that breaks overnight is worked on overnight, not the next morning. ${responsePromise}`,
    },
    {
      icon: 'star',
      title: 'Recommendation System',
      text: 'We review your account and suggest the plan, settings and upgrades that fit, and tell you when you can pay less.',
    },
  ] satisfies Feature[],
};

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

// Illustrative testimonials: the people and businesses are fictional.
export const testimonials: Testimonial[] = [
  {
    quote:
      'We moved three WordPress sites over in a weekend, for free, and they have never been faster. When a plugin update broke our shop at 2 a.m., support had it fixed before breakfast.',
    name: 'Dana Whitfield',
    role: 'Owner, Northside Pottery Studio',
  },
  {
    quote:
      'They built our booking system and host it too, so there is one team to call. Clear estimates, weekly updates, and no surprises on the invoice.',
    name: 'Marcus Ellery',
    role: 'Operations Lead, Ellery Physical Therapy',
  },
];

/** What the free migration does: the call to action and the FAQ say it in these words. */
export const migrationOffer =
  'Our team copies your files, databases and email for free, checks that everything works, and switches you over with no downtime.';

export const migrationCallToAction = {
  title: 'Free Website Migration',
  text: `Moving from another host? ${migrationOffer}`,
  actionLabel: 'Request a free migration',
  actionPath: `/contact#${contactTopics.migration.id}`,
};
