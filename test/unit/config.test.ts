// Configuration: safe defaults under the reserved example domains, and a bad
// value stops start-up with a message that names the variable and the rule.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { externalLinks } from '../../shared/links.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('works with no environment at all, on example domains', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    for (const url of [
      config.site.siteUrl,
      config.site.clientPortalUrl,
      config.site.statusPageUrl,
      config.site.partnerSiteUrl,
      config.site.newsletterActionUrl,
    ]) {
      expect(new URL(url).hostname).toMatch(/(^|\.)example\.com$/);
    }
    expect(config.site.supportEmail).toMatch(/@example\.com$/);
    expect(config.site.gtmId).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      SITE_URL: 'https://hosting.example.org/',
      BRAND_NAME: 'Acme Cloud',
      SUPPORT_EMAIL: 'help@example.org',
      SUPPORT_PHONE: '+1 (555) 010-0199',
      CLIENT_PORTAL_URL: 'https://my.example.org/billing/',
      STATUS_PAGE_URL: 'https://status.example.org',
      PARTNER_SITE_URL: 'https://design.example.org',
      NEWSLETTER_ACTION_URL: 'https://lists.example.org/subscribe/post?u=1&id=2',
      GTM_ID: 'GTM-ABC1234',
      LOG_LEVEL: 'warn',
    });
    expect(config.port).toBe(8080);
    expect(config.site.siteUrl).toBe('https://hosting.example.org');
    expect(config.site.brandName).toBe('Acme Cloud');
    expect(config.site.gtmId).toBe('GTM-ABC1234');
    expect(config.logLevel).toBe('warn');
    const links = externalLinks(config.site);
    expect(links.clientLogin).toBe('https://my.example.org/billing/clientarea.php');
    expect(links.order('pro')).toBe('https://my.example.org/billing/store/shared-hosting/pro');
    expect(links.tel).toBe('tel:+15550100199');
  });

  it('reads the operator’s settings into the values the server uses, times in milliseconds', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      TRUST_PROXY: '2',
      FORCE_HTTPS: '1',
      HSTS_PRELOAD: 'true',
      SITE_INDEXING: '0',
      SHUTDOWN_TIMEOUT: '30',
      SHUTDOWN_DELAY: '5',
      KEEP_ALIVE_TIMEOUT: '75',
      MAX_CONNECTIONS: '500',
      METRICS_PORT: '9100',
      ANALYTICS_CONSENT: 'not-required',
      LIVE_CHAT_URL: 'https://chat.example.org/',
      ABUSE_DEPARTMENT_ID: '7',
      CLIENT_PORTAL_URL: 'https://my.example.org//',
    });
    expect(config).toMatchObject({
      env: 'development',
      trustProxy: 2,
      forceHttps: true,
      hstsPreload: true,
      indexing: false,
      shutdownTimeoutMs: 30_000,
      shutdownDelayMs: 5_000,
      keepAliveTimeoutMs: 75_000,
      maxConnections: 500,
      metricsPort: 9100,
    });
    expect(config.site).toMatchObject({
      analyticsConsent: 'not-required',
      liveChatUrl: 'https://chat.example.org',
      abuseDepartmentId: 7,
      clientPortalUrl: 'https://my.example.org',
    });
  });

  it('has production defaults an operator can rely on', () => {
    expect(loadConfig({})).toMatchObject({
      env: 'production',
      logLevel: 'info',
      indexing: true,
      // Only a proxy on loopback or a private network (nginx on the host, a cluster's ingress) speaks for the client.
      trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
      forceHttps: false,
      hstsPreload: false,
      shutdownTimeoutMs: 10_000,
      shutdownDelayMs: 2_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 64,
      metricsPort: 9464,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toEqual(loadConfig({}).trustProxy);
    expect(loadConfig({}).site).toMatchObject({
      brandName: 'Example Hosting',
      supportPhone: '+1 555 010 0100',
      analyticsConsent: 'required',
      liveChatUrl: undefined,
      abuseDepartmentId: undefined,
    });
    expect(loadConfig({ SITE_INDEXING: '1', FORCE_HTTPS: 'false' })).toMatchObject({
      indexing: true,
      forceHttps: false,
    });
  });

  it('says what is wrong, variable by variable, in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', SUPPORT_EMAIL: 'nobody' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).name).toBe('ConfigError');
    expect((error as ConfigError).message).toBe(
      'Invalid configuration:\n  - PORT: must be a port number, in digits only\n  - SUPPORT_EMAIL: must be an email address',
    );
  });

  it.each([
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT: must differ from PORT (3000): metrics are never served on the public port'],
    [{ PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT: must differ from PORT (8080): metrics are never served on the public port'],
    [{ SHUTDOWN_DELAY: '10', SHUTDOWN_TIMEOUT: '10' }, 'SHUTDOWN_DELAY: must be shorter than SHUTDOWN_TIMEOUT (10 s)'],
    [{ PORT: '65536' }, 'PORT: must be at most 65535'],
    [{ MAX_CONNECTIONS: '9' }, 'MAX_CONNECTIONS: must be at least 10'],
    [{ BRAND_NAME: 'x'.repeat(61) }, 'BRAND_NAME: must be at most 60 characters'],
    [
      { SITE_URL: 'https://www.example.com/shop' },
      'SITE_URL: must be an origin only, such as https://www.example.com (no path, query or fragment)',
    ],
    [
      { SITE_URL: 'https://www.example.com/?' },
      'SITE_URL: must be an origin only, such as https://www.example.com (no path, query or fragment)',
    ],
    [
      { SITE_URL: 'https://www.example.com/#' },
      'SITE_URL: must be an origin only, such as https://www.example.com (no path, query or fragment)',
    ],
    [{ CLIENT_PORTAL_URL: 'https://user@portal.example.com' }, 'CLIENT_PORTAL_URL: must not contain a user name or password'],
    [
      { CLIENT_PORTAL_URL: 'https://portal.example.com/a b' },
      'CLIENT_PORTAL_URL: must not contain quotes, angle brackets, backslashes or spaces',
    ],
    [
      { CLIENT_PORTAL_URL: 'https://portal.example.com/a\\b' },
      'CLIENT_PORTAL_URL: must not contain quotes, angle brackets, backslashes or spaces',
    ],
    [
      { CLIENT_PORTAL_URL: 'https://portal.example.com/`' },
      'CLIENT_PORTAL_URL: must not contain quotes, angle brackets, backslashes or spaces',
    ],
    [{ FORCE_HTTPS: 'yes' }, 'FORCE_HTTPS: must be true or false'],
    [{ ANALYTICS_CONSENT: 'maybe' }, 'ANALYTICS_CONSENT: must be required or not-required'],
    [{ GTM_ID: 'GTM-AB' }, 'GTM_ID: must look like GTM-XXXXXXX'],
    // The whole value, not a part of it, must look like a container id.
    [{ GTM_ID: 'xGTM-ABC1234' }, 'GTM_ID: must look like GTM-XXXXXXX'],
    [{ GTM_ID: 'GTM-ABC1234ABCDEF' }, 'GTM_ID: must look like GTM-XXXXXXX'],
    [{ BRAND_NAME: '   ' }, 'BRAND_NAME: must not be empty'],
    [{ BRAND_NAME: 'Acme\u0001Co' }, 'BRAND_NAME: must be one line without control characters'],
    [{ BRAND_NAME: 'Acme\nCo' }, 'BRAND_NAME: must be one line without control characters'],
    [{ SUPPORT_PHONE: 'call us' }, 'SUPPORT_PHONE: must be a phone number such as +1 555 010 0100'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    // Each number says what it counts.
    [
      { TRUST_PROXY: 'all' },
      'TRUST_PROXY: must be a number of proxy hops (0–10) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    ],
    [{ SHUTDOWN_TIMEOUT: '1.5' }, 'SHUTDOWN_TIMEOUT: must be a number of seconds, in digits only'],
    [{ SHUTDOWN_DELAY: '-1' }, 'SHUTDOWN_DELAY: must be a number of seconds, in digits only'],
    [{ KEEP_ALIVE_TIMEOUT: '65s' }, 'KEEP_ALIVE_TIMEOUT: must be a number of seconds, in digits only'],
    [{ MAX_CONNECTIONS: 'many' }, 'MAX_CONNECTIONS: must be a number of connections, in digits only'],
    [{ METRICS_PORT: 'off' }, 'METRICS_PORT: must be a port number, in digits only'],
    [
      { ABUSE_DEPARTMENT_ID: 'abuse' },
      'ABUSE_DEPARTMENT_ID: must be the id of the client portal’s abuse ticket department, in digits only',
    ],
    // One problem per variable: a value that is not a URL at all is not also checked as one.
    [{ SITE_URL: 'not a url' }, 'SITE_URL: must be an absolute http(s) URL'],
    [{ CLIENT_PORTAL_URL: 'xhttps://portal.example.com' }, 'CLIENT_PORTAL_URL: must be an absolute http(s) URL'],
    [{ CLIENT_PORTAL_URL: 'https2://portal.example.com' }, 'CLIENT_PORTAL_URL: must be an absolute http(s) URL'],
    [
      { CLIENT_PORTAL_URL: 'https://user@portal.example.com/a b' },
      'CLIENT_PORTAL_URL: must not contain quotes, angle brackets, backslashes or spaces',
    ],
    [{ CLIENT_PORTAL_URL: 'https://:secret@portal.example.com' }, 'CLIENT_PORTAL_URL: must not contain a user name or password'],
    [{ HOST: ' ' }, null],
  ])('explains %o exactly', (env, message) => {
    if (message === null) {
      expect(loadConfig(env).host).toBe(' ');
      return;
    }
    expect(problemsOf(env)).toEqual([message]);
  });

  it('takes the bounds of each number as they are', () => {
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ MAX_CONNECTIONS: '10' }).maxConnections).toBe(10);
    expect(loadConfig({ SHUTDOWN_DELAY: '0' }).shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY: '9', SHUTDOWN_TIMEOUT: '10' }).shutdownDelayMs).toBe(9_000);
    expect(loadConfig({ PORT: '9464', METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(loadConfig({ BRAND_NAME: 'x'.repeat(60) }).site.brandName).toHaveLength(60);
    expect(loadConfig({ BRAND_NAME: '  Acme  ' }).site.brandName).toBe('Acme');
  });

  it('asks the portal for the abuse department by its id, or opens the plain ticket form when none is set', () => {
    expect(externalLinks(loadConfig({}).site).reportAbuse).toBe('https://portal.example.com/submitticket.php');
    expect(externalLinks(loadConfig({ ABUSE_DEPARTMENT_ID: '4' }).site).reportAbuse).toBe(
      'https://portal.example.com/submitticket.php?step=2&deptid=4',
    );
  });

  it('accepts SITE_URL with a trailing slash, and an origin with a port', () => {
    expect(loadConfig({ SITE_URL: 'https://www.example.com/' }).site.siteUrl).toBe('https://www.example.com');
    expect(loadConfig({ SITE_URL: 'http://localhost:3000' }).site.siteUrl).toBe('http://localhost:3000');
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', GTM_ID: '', HOST: '', LOG_LEVEL: '' });
    expect([config.port, config.site.gtmId, config.host, config.logLevel]).toEqual([3000, undefined, '0.0.0.0', 'info']);
  });

  it('takes every log level pino knows, and info by default', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL'],
    [{ CLIENT_PORTAL_URL: 'javascript:alert(1)' }, 'CLIENT_PORTAL_URL'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ SUPPORT_PHONE: 'call us' }, 'SUPPORT_PHONE'],
    [{ GTM_ID: 'UA-12345' }, 'GTM_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ BRAND_NAME: '   ' }, 'BRAND_NAME'],
    // Credentials would be published in every canonical and Open Graph URL.
    [{ SITE_URL: 'https://user:pw@www.example.com' }, 'SITE_URL'],
    // A path, query or fragment would be silently cut from every canonical URL.
    [{ SITE_URL: 'https://www.example.com/shop' }, 'SITE_URL'],
    [{ SITE_URL: 'https://www.example.com/?a=1' }, 'SITE_URL'],
    [{ SITE_URL: 'https://www.example.com#top' }, 'SITE_URL'],
    [{ CLIENT_PORTAL_URL: 'https://portal.example.com/"><script>' }, 'CLIENT_PORTAL_URL'],
    [{ STATUS_PAGE_URL: "https://status.example.com/'onmouseover=x" }, 'STATUS_PAGE_URL'],
    [{ NEWSLETTER_ACTION_URL: 'https://lists.example.com/<x>' }, 'NEWSLETTER_ACTION_URL'],
    [{ PARTNER_SITE_URL: 'https://a:b@design.example.com' }, 'PARTNER_SITE_URL'],
    [{ LIVE_CHAT_URL: 'javascript:alert(1)' }, 'LIVE_CHAT_URL'],
    [{ ABUSE_DEPARTMENT_ID: 'abuse' }, 'ABUSE_DEPARTMENT_ID'],
    [{ ABUSE_DEPARTMENT_ID: '0' }, 'ABUSE_DEPARTMENT_ID'],
    // Digits only: Number() would read these as 16 and 1000.
    [{ PORT: '0x10' }, 'PORT'],
    [{ PORT: '1e3' }, 'PORT'],
    [{ PORT: ' 80' }, 'PORT'],
    [{ SHUTDOWN_TIMEOUT: '1.5' }, 'SHUTDOWN_TIMEOUT'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback,,uniquelocal' }, 'TRUST_PROXY'],
    [{ MAX_CONNECTIONS: '5' }, 'MAX_CONNECTIONS'],
    [{ SHUTDOWN_DELAY: '10' }, 'SHUTDOWN_DELAY'],
  ])('rejects %o naming %s', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${variable}: .+`));
  });
});
