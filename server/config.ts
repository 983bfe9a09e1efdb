// The only reader of process.env. Everything an operator may change without
// touching code is parsed and validated here, once, at start-up.
import { z } from 'zod';
import type { SiteConfig } from '../shared/site-config.js';
import { phonePattern } from '../shared/content/forms.js';

// Characters that have no business in a configured URL and would be trouble in
// HTML attributes or headers if a validator let them through.
const unsafeUrlCharacters = /["'<>`\\\s]/;

/** An absolute http(s) URL without credentials (they would be published in every page). */
const absoluteUrl = z
  .url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL', abort: true })
  .refine((value) => !unsafeUrlCharacters.test(value), {
    message: 'must not contain quotes, angle brackets, backslashes or spaces',
    abort: true,
  })
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'must not contain a user name or password');

const httpUrl = absoluteUrl.transform((value) => value.replace(/\/+$/, ''));

/** The public origin: a path, query or fragment would be silently dropped from every canonical URL, so they are refused. */
const originUrl = httpUrl.refine((value) => {
  const url = new URL(value);
  return url.pathname === '/' && url.search === '' && url.hash === '' && !value.includes('?') && !value.includes('#');
}, 'must be an origin only, such as https://www.example.com (no path, query or fragment)');

/** Digits only: Number() would also take "0x10", "1e3" and " 8 ". */
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, { message: `must be ${what}, in digits only`, abort: true })
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: wholeNumber('a port number', 0, 65535).default(3000),
  // An empty HOST is unset (loadConfig drops empty variables), so any value here is a host to try.
  HOST: z.string().default('0.0.0.0'),
  SITE_URL: originUrl.default('https://www.example.com'),
  BRAND_NAME: z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters').default('Example Hosting'),
  SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default('support@example.com'),
  SUPPORT_PHONE: z.string().regex(phonePattern, 'must be a phone number such as +1 555 010 0100').default('+1 555 010 0100'),
  CLIENT_PORTAL_URL: httpUrl.default('https://portal.example.com'),
  STATUS_PAGE_URL: httpUrl.default('https://status.example.com'),
  PARTNER_SITE_URL: httpUrl.default('https://design-partner.example.com'),
  NEWSLETTER_ACTION_URL: absoluteUrl.default('https://lists.example.com/subscribe/post'),
  ABUSE_DEPARTMENT_ID: wholeNumber('the id of the client portal’s abuse ticket department', 1, 999_999).optional(),
  LIVE_CHAT_URL: httpUrl.optional(),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXXX')
    .optional(),
  ANALYTICS_CONSENT: z.enum(['required', 'not-required'], { message: 'must be required or not-required' }).default('required'),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
  PAGE_CACHE: flag.default(true),
  SITE_INDEXING: flag.default(true),
  TRUST_PROXY: wholeNumber('a number of proxy hops', 0, 10).optional(),
  FORCE_HTTPS: flag.default(false),
  HSTS_PRELOAD: flag.default(false),
  SHUTDOWN_TIMEOUT: wholeNumber('a number of seconds', 1, 300).default(10),
  SHUTDOWN_DELAY: wholeNumber('a number of seconds', 0, 60).default(2),
  KEEP_ALIVE_TIMEOUT: wholeNumber('a number of seconds', 1, 3600).default(65),
  MAX_CONNECTIONS: wholeNumber('a number of connections', 10, 100_000).default(64),
  METRICS_PORT: wholeNumber('a port number', 0, 65535).default(9464),
});

/** Every variable the server reads, for tooling that must agree with it (deployment manifests). */
export const configVariables = Object.keys(envSchema.shape);

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Keep each route's finished HTML in memory after its first render. */
  pageCache: boolean;
  /** false on staging: robots.txt disallows everything and every response says noindex. */
  indexing: boolean;
  /** Proxy hops in front of the server whose X-Forwarded-* headers are trusted. */
  trustProxy: number;
  /** Redirect requests that reached the load balancer over plain HTTP. */
  forceHttps: boolean;
  hstsPreload: boolean;
  /** Longest wait for requests in flight on SIGTERM, in milliseconds. */
  shutdownTimeoutMs: number;
  /** Between /readyz going 503 on SIGTERM and the listener closing, for the load balancer to deregister. */
  shutdownDelayMs: number;
  /** Open connections at most (each costs memory; sized to the pod's limit). */
  maxConnections: number;
  /** Idle keep-alive time, longer than the load balancer's (60 s on most). */
  keepAliveTimeoutMs: number;
  /** Port of the Prometheus metrics server (on HOST, apart from the site's port); 0 when metrics are off. */
  metricsPort: number;
  site: SiteConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as it does in most container tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError([`METRICS_PORT: must differ from PORT (${e.PORT}): metrics are never served on the public port`]);
  }
  if (e.SHUTDOWN_DELAY >= e.SHUTDOWN_TIMEOUT) {
    throw new ConfigError([`SHUTDOWN_DELAY: must be shorter than SHUTDOWN_TIMEOUT (${e.SHUTDOWN_TIMEOUT} s)`]);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    pageCache: e.PAGE_CACHE,
    indexing: e.SITE_INDEXING,
    trustProxy: e.TRUST_PROXY ?? (e.NODE_ENV === 'production' ? 1 : 0),
    forceHttps: e.FORCE_HTTPS,
    hstsPreload: e.HSTS_PRELOAD,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    shutdownDelayMs: e.SHUTDOWN_DELAY * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT * 1000,
    metricsPort: e.METRICS_PORT,
    site: {
      siteUrl: e.SITE_URL,
      brandName: e.BRAND_NAME,
      supportEmail: e.SUPPORT_EMAIL,
      supportPhone: e.SUPPORT_PHONE,
      clientPortalUrl: e.CLIENT_PORTAL_URL,
      statusPageUrl: e.STATUS_PAGE_URL,
      partnerSiteUrl: e.PARTNER_SITE_URL,
      newsletterActionUrl: e.NEWSLETTER_ACTION_URL,
      abuseDepartmentId: e.ABUSE_DEPARTMENT_ID,
      liveChatUrl: e.LIVE_CHAT_URL,
      gtmId: e.GTM_ID,
      analyticsConsent: e.ANALYTICS_CONSENT,
    },
  };
}
