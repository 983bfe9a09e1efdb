// The only reader of process.env: everything an operator may change is parsed and validated here, once, at start-up.
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import type { SiteConfig } from '../shared/site-config.js';
import { phonePattern } from '../shared/content/forms.js';

// No use in a configured URL, and trouble in HTML attributes or headers if a validator let them through.
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

/** Who may speak for the client by default: a proxy on this host or on a private network (nginx, a cluster's ingress). */
const PRIVATE_PROXIES = 'loopback, linklocal, uniquelocal';

const trustProxy = z.string().transform((value, context): number | string[] => {
  const addresses = value.split(',').map((entry) => entry.trim());
  try {
    // Digits alone are hops (proxy-addr would read "11" as the address 0.0.0.11).
    if (/^[0-9]+$/.test(value)) {
      if (Number(value) <= 10) return Number(value);
      throw new RangeError('too many hops');
    }
    if (addresses.some((entry) => entry === '')) throw new TypeError('empty entry');
    proxyAddr.compile(addresses);
    return addresses;
  } catch {
    context.addIssue({
      code: 'custom',
      message:
        'must be a number of proxy hops (0–10) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    });
    return z.NEVER;
  }
});

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const plainText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^<>\p{Cc}]*$/u, 'must be one line without angle brackets');

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: wholeNumber('a port number', 0, 65535).default(3000),
  // An empty HOST is unset (loadConfig drops empty variables), so any value here is a host to try.
  HOST: z.string().default('0.0.0.0'),
  SITE_URL: originUrl.default('https://www.example.com'),
  BRAND_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters')
    .regex(/^\P{Cc}*$/u, 'must be one line without control characters')
    .default('Example Hosting'),
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
  LEGAL_NAME: plainText(2, 120).optional(),
  LEGAL_ADDRESS: plainText(5, 200).optional(),
  COMPANY_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$/, 'must be 2–40 letters, digits, spaces, dots, slashes or hyphens')
    .optional(),
  VAT_ID: z
    .string()
    .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, 'must be a VAT number with its country prefix, such as GB123456789 or DE123456789'))
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
  SITE_INDEXING: flag.default(true),
  TRUST_PROXY: trustProxy.prefault(PRIVATE_PROXIES),
  FORCE_HTTPS: flag.default(false),
  HSTS_PRELOAD: flag.default(false),
  SHUTDOWN_TIMEOUT: wholeNumber('a number of seconds', 1, 300).default(10),
  SHUTDOWN_DELAY: wholeNumber('a number of seconds', 0, 60).default(2),
  KEEP_ALIVE_TIMEOUT: wholeNumber('a number of seconds', 1, 3600).default(65),
  MAX_CONNECTIONS: wholeNumber('a number of connections', 10, 100_000).default(64),
  METRICS_PORT: wholeNumber('a port number', 0, 65535).default(9464),
  // Loopback: on a host or VM only what runs there scrapes it, whatever the firewall; a pod sets 0.0.0.0 (decision 030).
  METRICS_HOST: z.string().default('127.0.0.1'),
});

type ConfigVariable = keyof typeof envSchema.shape;

/** Every variable the server reads, for tooling that must agree with it (deployment manifests). */
export const configVariables = Object.keys(envSchema.shape) as ConfigVariable[];

/** Beside the schema that enforces them: the README's table is made from these (`npm run config-table`), and tested. */
export const configDocs: Record<ConfigVariable, { what: string; rule: string }> = {
  NODE_ENV: {
    what: '`development`: pretty logs, start-up’s quickest compression (`npm run dev` sets it); `test`: the test suite',
    rule: '`production`, `development` or `test`',
  },
  PORT: { what: 'Port to listen on', rule: 'digits, 0–65535 (0: any free port)' },
  HOST: { what: 'Address to listen on', rule: 'a host name or address' },
  SITE_URL: {
    what: 'Public origin: canonical URLs, sitemap, share tags, the HTTPS redirect',
    rule: 'an http(s) origin alone: no path, query, fragment or credentials',
  },
  BRAND_NAME: { what: 'Company name: titles, header, footer, share image', rule: '1–60 characters, one line' },
  SUPPORT_EMAIL: { what: 'Support address (mailto links, security.txt contact)', rule: 'an email address' },
  SUPPORT_PHONE: { what: 'Support phone (tel links)', rule: 'digits, spaces and `+ ( ) -`' },
  CLIENT_PORTAL_URL: {
    what: 'Client portal: login, tickets, orders, the contact form’s endpoint',
    rule: 'an absolute http(s) URL without credentials, quotes, brackets, backslashes or spaces',
  },
  STATUS_PAGE_URL: { what: 'Service status page', rule: 'as `CLIENT_PORTAL_URL`' },
  PARTNER_SITE_URL: { what: 'Web design and branding partner', rule: 'as `CLIENT_PORTAL_URL`' },
  NEWSLETTER_ACTION_URL: { what: 'Mailing-list subscription endpoint', rule: 'as `CLIENT_PORTAL_URL`' },
  ABUSE_DEPARTMENT_ID: {
    what: 'The portal’s abuse ticket department (WHMCS `deptid`) for Report Abuse and security.txt; unset, the plain ticket form',
    rule: 'digits, 1–999999',
  },
  LIVE_CHAT_URL: {
    what: 'Live chat: linked from the contact section and modal, named among the support channels; unset, no page mentions chat',
    rule: 'as `CLIENT_PORTAL_URL`',
  },
  GTM_ID: {
    what: 'Tag-manager container: analytics load only when set (see `ANALYTICS_CONSENT`)',
    rule: '`GTM-` and 4–12 capitals or digits',
  },
  ANALYTICS_CONSENT: {
    what: '`required`: a consent bar asks first and nothing loads before Accept; `not-required`: the tag loads unless the visitor refused. Global Privacy Control refuses either way',
    rule: '`required` or `not-required`',
  },
  LEGAL_NAME: {
    what: 'Registered legal name: footer, Contact, the legal pages (the contracting party), structured data. Each legal variable is optional; unset, not shown',
    rule: '2–120 characters, one line, no angle brackets',
  },
  LEGAL_ADDRESS: {
    what: 'Registered office, one line (`1 Example Street, Example City, EX1 2MP, United Kingdom`)',
    rule: '5–200 characters, one line, no angle brackets',
  },
  COMPANY_REGISTRATION_NUMBER: {
    what: 'Company registration number, with its register if useful (`England and Wales 01234567`)',
    rule: '2–40 letters, digits, spaces, `. / -`',
  },
  VAT_ID: {
    what: 'VAT number, shown normalised (spaces, dots and hyphens dropped)',
    rule: 'country prefix and 2–13 letters or digits (`GB123456789`)',
  },
  LOG_LEVEL: { what: 'Least severe log level written', rule: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`' },
  SITE_INDEXING: {
    what: '`false` on staging: robots.txt disallows all and every response says `X-Robots-Tag: noindex`',
    rule: '`true`, `false`, `1` or `0`',
  },
  TRUST_PROXY: {
    what: 'Peers whose `X-Forwarded-For`/`-Proto` count: by default proxies on loopback or private networks',
    rule: 'hops, 0–10, or comma-separated addresses, CIDRs, `loopback`, `linklocal`, `uniquelocal`',
  },
  FORCE_HTTPS: { what: '301 to HTTPS for requests that reached the load balancer over plain HTTP', rule: '`true`, `false`, `1` or `0`' },
  HSTS_PRELOAD: { what: 'Add `preload` to HSTS (only once the domain is on the preload list)', rule: '`true`, `false`, `1` or `0`' },
  SHUTDOWN_TIMEOUT: { what: 'Seconds to let requests in flight finish on SIGTERM', rule: 'digits, 1–300' },
  SHUTDOWN_DELAY: {
    what: 'Seconds between `/readyz` going 503 and the listener closing, for the load balancer to deregister',
    rule: 'digits, 0–60, below `SHUTDOWN_TIMEOUT`',
  },
  KEEP_ALIVE_TIMEOUT: { what: 'Seconds an idle connection stays open (above the load balancer’s, 60 s on most)', rule: 'digits, 1–3600' },
  MAX_CONNECTIONS: {
    what: 'Open connections at most (more are closed at once), as many queued to be accepted; sized to the memory limit (docs/operations.md)',
    rule: 'digits, 10–100000',
  },
  METRICS_PORT: { what: 'Port of the Prometheus metrics listener; `0` turns metrics off', rule: 'digits, 0–65535, not `PORT`' },
  METRICS_HOST: { what: 'Metrics’ address: loopback unless set (the Deployment: `0.0.0.0`)', rule: 'a host name or address' },
};

/** Each variable's value when it is not set (absent: none), as the schema applies it. */
export function configDefaults(): Partial<Record<ConfigVariable, string | number | boolean>> {
  // TRUST_PROXY's as written, not as parsed (a list).
  return { ...envSchema.parse({}), TRUST_PROXY: PRIVATE_PROXIES };
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  indexing: boolean;
  trustProxy: number | string[];
  forceHttps: boolean;
  hstsPreload: boolean;
  shutdownTimeoutMs: number;
  /** Between /readyz going 503 on SIGTERM and the listener closing, for the load balancer to deregister. */
  shutdownDelayMs: number;
  /** Open connections at most (each costs memory; sized to the pod's limit), and the length of the listener's accept queue. */
  maxConnections: number;
  /** Idle keep-alive time, longer than the load balancer's (60 s on most). */
  keepAliveTimeoutMs: number;
  /** Port of the Prometheus metrics server (apart from the site's port); 0 when metrics are off. */
  metricsPort: number;
  metricsHost: string;
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
    indexing: e.SITE_INDEXING,
    trustProxy: e.TRUST_PROXY,
    forceHttps: e.FORCE_HTTPS,
    hstsPreload: e.HSTS_PRELOAD,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    shutdownDelayMs: e.SHUTDOWN_DELAY * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT * 1000,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
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
      ...(e.LEGAL_NAME || e.LEGAL_ADDRESS || e.COMPANY_REGISTRATION_NUMBER || e.VAT_ID
        ? { legal: { name: e.LEGAL_NAME, address: e.LEGAL_ADDRESS, registrationNumber: e.COMPANY_REGISTRATION_NUMBER, vatId: e.VAT_ID } }
        : {}),
    },
  };
}
