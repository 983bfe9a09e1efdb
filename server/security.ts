// Security headers, set by helmet as middleware on every response. It is configured directive by directive: the policy
// allows exactly what the site loads and where its forms post, nothing more.
import { createHash } from 'node:crypto';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { speculationRules } from '../shared/speculation.js';
import { bootstrapScript } from '../shared/bootstrap.js';
import { consentScript } from '../shared/consent-script.js';
import type { RequestHandler } from 'express';
import type { SiteConfig } from '../shared/site-config.js';

// Not an import: an ES import of node:http also loads its fetch exports (undici), slowing start-up (as in server/start.ts).
const { IncomingMessage, ServerResponse } = process.getBuiltinModule('node:http');

export interface SecurityOptions {
  site: SiteConfig;
  hstsPreload: boolean;
  /** The inline scripts and styles every page carries, each allowed by its hash rather than by 'unsafe-inline' or a nonce. */
  inline: InlineCode;
}

export interface InlineCode {
  scripts: string[];
  styles: string[];
}

export function pageInlineCode(site: Pick<SiteConfig, 'gtmId' | 'analyticsConsent'>, styles: string): InlineCode {
  const consent = site.gtmId ? [consentScript(site.analyticsConsent)] : [];
  return { scripts: [speculationRules, bootstrapScript, ...consent], styles: [styles] };
}

const hashSource = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

const tagManager = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
};

function contentSecurityPolicy({ site, inline }: SecurityOptions): Record<string, string[]> {
  const gtm = Boolean(site.gtmId);
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...inline.scripts.map(hashSource), ...(gtm ? tagManager.script : [])],
    'style-src': ["'self'", ...inline.styles.map(hashSource)],
    'img-src': ["'self'", 'data:', ...(gtm ? tagManager.img : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(gtm ? tagManager.connect : [])],
    'manifest-src': ["'self'"],
    'form-action': ["'self'", new URL(site.clientPortalUrl).origin, new URL(site.newsletterActionUrl).origin],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
}

/** Features the site never uses, switched off for it and anything it embeds. */
const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export function helmetOptions(options: SecurityOptions): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: options.hstsPreload },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    // Off: headers for browsers the site does not support (Internet Explorer's download prompt and XSS auditor, Flash and
    // Acrobat policy files) or that turn off a speed-up for no gain (DNS prefetching of the portal's links), since each
    // header's bytes come before what a page's first paint needs in TCP's first round trip (test/http/budgets.test.ts).
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** helmet's headers and the Permissions-Policy (which helmet does not set), on every response. */
export function securityHeaders(options: SecurityOptions): RequestHandler[] {
  return [
    helmet(helmetOptions(options)),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', permissionsPolicy);
      next();
    },
  ];
}

// The same headers as raw lines, for answers written to the connection itself (parser refusals, CONNECT): made once, by
// running the very middleware on an unsent response and reading back what it set.
export function securityHeaderLines(options: SecurityOptions): string {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  for (const middleware of securityHeaders(options)) {
    const outcome: { next?: unknown[] } = {};
    middleware(res.req as never, res as never, (...args: unknown[]) => (outcome.next = args));
    if (!outcome.next || outcome.next[0] !== undefined)
      throw new Error('a security-header middleware did not call next at once, without an error');
  }
  return res
    .getHeaderNames()
    .map((name) => `${name}: ${String(res.getHeader(name))}\r\n`)
    .join('');
}
