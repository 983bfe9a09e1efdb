// The request-duration histogram: prom-client's own Histogram, observed
// through its public observe(). It once kept its own series and overrode
// prom-client's untyped getForPromString to save observe()'s label checks;
// measured again against observe() that saved under half a microsecond a
// request, too little for a reach into prom-client's internals
// (docs/decisions/017-request-histogram-public-api.md).
import { Histogram, type Registry } from 'prom-client';

type Label = 'method' | 'route' | 'status_code';

export class RequestHistogram extends Histogram<Label> {
  constructor(options: { name: string; help: string; buckets: number[]; registry: Registry }) {
    super({
      name: options.name,
      help: options.help,
      labelNames: ['method', 'route', 'status_code'],
      buckets: options.buckets,
      registers: [options.registry],
    });
  }

  record(method: string, route: string, status: number, seconds: number): void {
    this.observe({ method, route, status_code: status }, seconds);
  }
}
