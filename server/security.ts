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
import type { IncomingMessage as Request, ServerResponse as Response } from 'node:http';
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

/** A middleware as helmet makes them: it sets headers on the response, then calls next. */
type HeaderMiddleware = (req: Request, res: Response, next: (error?: unknown) => void) => void;

/** A response that is never sent, to a GET of `url` from a client saying `userAgent`. */
function unsentResponse(url: string, userAgent: string): Response {
  const req = new IncomingMessage(new Socket());
  Object.assign(req, { method: 'GET', url, headers: { host: 'example.com', 'user-agent': userAgent } });
  return new ServerResponse(req);
}

/**
 * The headers a middleware sets, read back through the public API
 * (getHeaderNames gives the names in lower case, as HTTP/2 and HTTP/3 send
 * every name anyway) from unsent responses it ran against at start-up: helmet
 * 8.x's headers depend on its options only, so it runs here once instead of on
 * every request (docs/decisions/018-security-headers-computed-once.md). It
 * must have finished at once, without an error, left the response unsent and
 * unhooked, and set the same headers for two unlike requests; a middleware
 * that does not (a helmet that came to set them later, or per request) is
 * refused, and the server does not start.
 */
export function headersSetBy(middleware: HeaderMiddleware): [string, string][] {
  const lists = [unsentResponse('/', 'a browser'), unsentResponse('/contact?x=1', 'another client')].map((res) => {
    let outcome: unknown = 'next was not called at once';
    middleware(res.req, res, (error?: unknown) => (outcome = error));
    const hooked = (['writeHead', 'write', 'end', 'setHeader'] as const).filter((name) => Object.hasOwn(res, name));
    const problem =
      res.headersSent || res.writableEnded
        ? 'it wrote the response'
        : outcome !== undefined
          ? typeof outcome === 'string'
            ? outcome
            : `next was called with ${outcome instanceof Error ? outcome.message : 'an error'}`
          : hooked.length > 0
            ? `it replaced the response's ${hooked.join(', ')}`
            : undefined;
    if (problem) throw new Error(`The security headers cannot be computed once: ${problem}. See docs/decisions/018.`);
    return res.getHeaderNames().map((name): [string, string] => [name, String(res.getHeader(name))]);
  });
  const [first = [], second] = lists;
  if (first.length === 0 || JSON.stringify(first) !== JSON.stringify(second)) {
    throw new Error('The security headers cannot be computed once: they are not the same for every request. See docs/decisions/018.');
  }
  return first;
}

/**
 * The headers are the same on every response: every answer gets this list. The
 * middleware below sets it in one call, and prepared answers carry it in their
 * precomputed headers.
 */
export function securityHeaderList(options: SecurityOptions): [string, string][] {
  return [...headersSetBy(helmet(helmetOptions(options))), ['permissions-policy', permissionsPolicy]];
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
