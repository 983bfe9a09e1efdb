// The footer's four link groups, as the specification lists them.
import type { ExternalLinks } from '../links.js';
import { menuRoutes, routeById } from '../routes.js';

export interface FooterLink {
  label: string;
  href: string;
}

export interface FooterGroup {
  title: string;
  links: FooterLink[];
}

const internal = (id: Parameters<typeof routeById>[0], label?: string): FooterLink => {
  const route = routeById(id);
  return { label: label ?? route.label, href: route.path };
};

export function footerGroups(links: ExternalLinks): FooterGroup[] {
  return [
    { title: 'Company', links: [internal('about', 'About Us'), internal('privacy')] },
    { title: 'Services', links: menuRoutes('services').map((route) => ({ label: route.label, href: route.path })) },
    {
      title: 'Support',
      links: [
        { label: 'Client Area', href: links.portalHome },
        { label: 'Service Status', href: links.statusPage },
        internal('contact', 'Contact Us'),
      ],
    },
    {
      title: 'Legal',
      links: [internal('terms'), internal('aup'), internal('privacy'), { label: 'Report Abuse', href: links.reportAbuse }],
    },
  ];
}
