// Security headers. helmet is configured directive by directive: the policy
// allows exactly what the site loads and where its forms post, nothing more.
import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from './node-http.js';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { speculationRules } from '../shared/speculation.js';
import { bootstrapScript } from '../shared/bootstrap.js';
import { consentScript } from '../shared/consent-script.js';
import type { AssetUrls } from '../shared/assets.js';
import type { RequestHandler } from 'express';
import type { SiteConfig } from '../shared/site-config.js';

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

/** What the pages inline: the speculation rules, the bootstrap that loads the client, the consent check with analytics on, the stylesheet. */
export function pageInlineCode(
  site: Pick<SiteConfig, 'gtmId' | 'analyticsConsent'>,
  assets: Pick<AssetUrls, 'script'>,
  styles: string,
): InlineCode {
  const consent = site.gtmId ? [consentScript(site.analyticsConsent)] : [];
  return { scripts: [speculationRules, bootstrapScript(assets.script), ...consent], styles: [styles] };
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

/**
 * The headers are the same on every response, so helmet runs once at start-up,
 * as ordinary middleware against a real (unsent) response, and the headers it
 * set are read back through the public API (getHeaderNames, which gives the
 * names in lower case, as HTTP/2 and HTTP/3 send every name anyway). Every answer then gets this list: the
 * middleware below sets it in one call, and prepared answers carry it in their
 * precomputed headers.
 */
export function securityHeaderList(options: SecurityOptions): [string, string][] {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions(options))(res.req, res, () => undefined);
  const headers = res.getHeaderNames().map((name): [string, string] => [name, String(res.getHeader(name))]);
  headers.push(['permissions-policy', permissionsPolicy]);
  return headers;
}

export function helmetOptions(options: SecurityOptions): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: options.hstsPreload },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  };
}

/** Sets the headers of securityHeaderList on every response, in one call. */
export function securityHeaders(list: [string, string][]): RequestHandler {
  const headers = new Map(list);
  return (_req, res, next) => {
    res.setHeaders(headers);
    next();
  };
}
