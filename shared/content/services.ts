// Content of the About, Services, Custom Development, Shared Hosting and Maintenance pages.
import type { RouteId } from '../paths.js';
import type { Feature } from './home.js';
import { business, formatUsd } from './business.js';
import { lowestMonthlyPrice } from './plans.js';

export const about = {
  allies: {
    title: 'Your Hosting Allies',
    paragraphs: [
      'We are a small team of system administrators and developers who got tired of hosting companies that treat customers as ticket numbers. So we built the company we wanted to buy from: fast servers, honest prices, and people who answer.',
      'We host, build and look after websites for shops, studios, clinics, agencies and non-profits. Many clients came to us for hosting and stayed for the custom work; others came for a project and let us keep it running. Either way, one team knows your site from the server up.',
    ],
  },
  excellence: {
    title: 'Excellence in Hosting',
    intro: 'What we measure ourselves by, every month, on every server.',
    stats: [
      { value: business.uptimeGuarantee, label: 'uptime guarantee' },
      { value: `${business.backupsPerDay}×`, label: 'backups every day' },
      { value: `${business.supportResponseMinutes} min`, label: 'guaranteed response' },
      { value: `${business.refundDays} days`, label: 'money-back period' },
    ],
    points: [
      {
        icon: 'server',
        title: 'Servers we own and tune',
        text: 'NVMe servers with a web-server accelerator and a cloud Linux layer that isolates every account.',
      },
      {
        icon: 'shield',
        title: 'Security by default',
        text: 'Firewall, malware scanning, free SSL and off-site backups on every plan, not as add-ons.',
      },
      { icon: 'chat', title: 'People, not scripts', text: 'Every ticket is read by an engineer who can fix the problem, not forward it.' },
    ] satisfies Feature[],
  },
};

export const customDevelopment = {
  solutions: {
    title: 'Powerful, custom solutions',
    intro: 'When an off-the-shelf plugin is not enough, we design, build and host the software your business runs on.',
    items: [
      {
        icon: 'code',
        title: 'Web applications',
        text: 'Customer portals, booking systems, dashboards and internal tools, built on proven open-source stacks.',
      },
      {
        icon: 'panel',
        title: 'Integrations and APIs',
        text: 'Connect your site to payment providers, CRMs, accounting and shipping so data flows without copy and paste.',
      },
      {
        icon: 'wordpress',
        // 'WordPress sites' kept together: never 'WordPress' alone on a phone's line.
        title: 'WordPress\u00a0sites and stores',
        text: 'Custom themes, plugins and WooCommerce store features, written to survive updates.',
      },
      {
        icon: 'scale',
        title: 'Performance and scaling',
        text: 'Profiling, caching and database tuning for sites that have outgrown their first build.',
      },
    ] satisfies Feature[],
  },
  process: {
    title: 'How a project works',
    steps: [
      {
        title: 'Discover',
        text: 'A free call to understand the problem, the users and the budget. You get a written scope and a fixed estimate.',
      },
      { title: 'Design and build', text: 'Short iterations with a demo every week, so you see progress and can change course early.' },
      { title: 'Launch', text: 'We deploy to our hosting (or yours), migrate data and train your team.' },
      { title: 'Look after it', text: 'Optional maintenance keeps the software updated, monitored and backed up.' },
    ],
  },
  partner: {
    title: 'Need Web Design or Branding?',
    text: 'Our design partner creates logos, brand identities and website designs, and hands them to us ready to build.',
    actionLabel: 'Visit our design partner',
  },
};

export const maintenance = {
  covers: {
    title: 'What maintenance covers',
    intro: 'A monthly plan that keeps your website fast, secure and up to date, whoever hosts it.',
    items: [
      { icon: 'wrench', title: 'Updates', text: 'Core, theme and plugin updates applied weekly, tested on a staging copy first.' },
      {
        icon: 'backup',
        title: 'Backups and restores',
        text: `Backups ${business.backupsPerDay} times a day with off-site copies, and restores done for you.`,
      },
      {
        icon: 'shield',
        title: 'Security monitoring',
        text: 'Malware scans, firewall rules and login protection, with clean-up included if anything gets through.',
      },
      {
        icon: 'uptime',
        title: 'Uptime checks',
        text: 'Your site is checked every minute; we are alerted and start work before most visitors notice.',
      },
      { icon: 'speed', title: 'Speed reviews', text: 'A monthly performance check with image, cache and database tuning.' },
      { icon: 'chat', title: 'Small content changes', text: 'Text, image and menu changes by ticket, usually done the same day.' },
    ] satisfies Feature[],
  },
  steps: {
    title: 'How it works',
    items: [
      { title: 'Free site review', text: 'We audit your site and tell you what needs attention, with no obligation.' },
      { title: 'Onboarding', text: 'We take a full backup, set up monitoring and a staging copy, and fix anything urgent.' },
      { title: 'Monthly care', text: 'Updates, checks and your change requests, with a short report each month.' },
    ],
  },
};

export const sharedHosting = {
  intro: {
    title: 'Powerful Hosting Plans',
    text: 'Every plan runs on the same fast, secure platform. Pick the resources you need today and upgrade in one click.',
    points: [
      { title: 'Built for speed', text: 'NVMe storage, a web-server accelerator and tuned PHP make pages load fast.' },
      { title: 'Security focused', text: 'Account isolation, firewall, malware scanning and free SSL on every site.' },
      { title: 'Powerful software', text: 'A server management panel, one-click installs and a managed WordPress toolkit.' },
    ],
  },
  features: [
    {
      icon: 'storage',
      title: 'NVMe Storage',
      text: `NVMe drives, up to ${business.nvmeSpeedup} faster than traditional drives, for quicker pages and databases.`,
    },
    {
      icon: 'backup',
      title: `Backups ${business.backupsPerDay} Times a Day`,
      text: `Automatic backups ${business.backupsPerDay} times per day, and you can create one on demand before any change.`,
    },
    {
      icon: 'uptime',
      title: `${business.uptimeGuarantee} Uptime Guarantee`,
      text: `Our ${business.uptimeGuarantee} uptime guarantee is backed by account credit of ${business.slaCreditMultiplier} times any downtime.`,
    },
    {
      icon: 'panel',
      title: 'Server Management Panel',
      text: 'A full server management panel is included with every plan: domains, email, databases, files and SSL.',
    },
    {
      icon: 'wordpress',
      title: 'Managed WordPress',
      text: 'A WordPress toolkit for one-click installs, plugins, themes, staging and safe automatic updates.',
    },
    {
      icon: 'server',
      title: 'Tuned Servers',
      text: 'Servers tuned with a web-server accelerator and a cloud Linux layer that gives every account its own resources.',
    },
  ] satisfies Feature[],
  cloudCompute: {
    title: 'Need more than shared hosting?',
    text: 'Cloud Compute (VPS) hosting is priced by allocation: choose the CPU, memory and storage you need and pay for exactly that.',
    // The text above names Cloud Compute (VPS); the short name keeps the link on one line on a 320 px phone.
    actionLabel: 'Get a VPS quote',
  },
  pricing: {
    title: 'Choose your plan',
    intro: `Every plan includes free SSL, backups ${business.backupsPerDay} times a day and our ${business.refundDays}-day money-back guarantee.`,
  },
};

/**
 * The Services overview: each service's promise, what it includes (the titles
 * its own page lists, so each is written once) and its price where there is one.
 */
export const servicesOverview = {
  title: 'Three services, one team',
  intro:
    'Host your site with us, have us build what it needs, and let us keep it healthy: each on its own, or together from the people who already know your site.',
  services: [
    {
      route: 'shared-hosting',
      name: 'Shared Hosting',
      promise: `Fast NVMe hosting with a ${business.uptimeGuarantee} uptime guarantee and people who answer within ${business.supportResponseMinutes} minutes.`,
      includes: sharedHosting.features.map((feature) => feature.title),
      price: `From ${formatUsd(lowestMonthlyPrice)} a month`,
      actionLabel: 'Compare plans',
    },
    {
      route: 'custom-development',
      name: 'Custom Development',
      promise: 'Web applications, integrations and internal tools, designed, built and hosted by one accountable team.',
      includes: customDevelopment.solutions.items.map((item) => item.title),
      price: 'A fixed quote after a free consultation',
      actionLabel: 'Explore development',
    },
    {
      route: 'maintenance',
      name: 'Website Maintenance',
      promise: 'Updates, backups, security monitoring and small changes, handled for you every month.',
      includes: maintenance.covers.items.map((item) => item.title),
      price: 'A fixed monthly price after a free site review',
      actionLabel: 'See what it covers',
    },
  ] satisfies { route: RouteId; name: string; promise: string; includes: string[]; price: string; actionLabel: string }[],
};
