// The configurations an operator will run, as the HTTP, hardening, fuzz and
// redirect suites run them: a defect that lives only behind the load balancer
// is still a production defect.
import request from 'supertest';

export interface ShippedConfiguration {
  name: string;
  env: Record<string, string>;
  /** The public origin the pages must name. */
  siteUrl: string;
  /** What every request carries on its way in (the load balancer's headers). */
  headers: Record<string, string>;
  forceHttps: boolean;
  indexing: boolean;
  gtmId?: string;
}

const base = { siteUrl: 'https://www.example.com', headers: {}, forceHttps: false, indexing: true };

export const shippedConfigurations: ShippedConfiguration[] = [
  { name: 'defaults', env: {}, ...base },
  {
    // As the README and the Kubernetes manifests run it.
    name: 'behind the load balancer',
    env: { FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: 'https://www.hosting.example.org' },
    ...base,
    siteUrl: 'https://www.hosting.example.org',
    headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' },
    forceHttps: true,
  },
  { name: 'with analytics', env: { GTM_ID: 'GTM-T3ST123' }, ...base, gtmId: 'GTM-T3ST123' },
  { name: 'staging', env: { SITE_INDEXING: 'false' }, ...base, indexing: false },
];

/** supertest requests that arrive as the configuration's clients' do. */
export function clientOf(app: Parameters<typeof request>[0], configuration: ShippedConfiguration) {
  return {
    get: (path: string) => request(app).get(path).set(configuration.headers),
    head: (path: string) => request(app).head(path).set(configuration.headers),
  };
}
