// The request-duration histogram, kept out of prom-client's observe() on the
// hot path. prom-client validates its label object and builds a string key
// from it on every observation, a cost a cached request showed in its CPU
// (npm run bench, "Metrics cost side by side"; docs/performance.md). Here a series (method, route, status) is made
// on its first request, and an observation is two Map lookups, a short scan of
// the bounds and three additions: the cost fell to within the measure's noise.
// The text Prometheus reads is still prom-client's: this is a prom-client
// Histogram, registered and written out by the registry like any other, whose
// values are read from these series when scraped.
import { Histogram, type Registry } from 'prom-client';

type Label = 'method' | 'route' | 'status_code';
type SeriesLabels = Record<Label, string | number>;

interface Series {
  labels: SeriesLabels;
  /** Observations per bucket, not cumulative; the last counts those above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

interface ExportedValue {
  labels: Partial<Record<Label | 'le', string | number>>;
  sharedLabels?: SeriesLabels;
  value: number;
  metricName: string;
}

export class RequestHistogram extends Histogram<Label> {
  /** Series by route, then status, then method: no key is built per request. */
  private readonly series = new Map<string, Map<number, Map<string, Series>>>();

  constructor(private readonly options: { name: string; help: string; buckets: number[]; registry: Registry }) {
    super({
      name: options.name,
      help: options.help,
      labelNames: ['method', 'route', 'status_code'],
      buckets: options.buckets,
      registers: [options.registry],
    });
  }

  record(method: string, route: string, status: number, seconds: number): void {
    let byStatus = this.series.get(route);
    if (!byStatus) this.series.set(route, (byStatus = new Map<number, Map<string, Series>>()));
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, (byMethod = new Map<string, Series>()));
    let series = byMethod.get(method);
    if (!series) {
      series = {
        labels: { method, route, status_code: status },
        counts: new Float64Array(this.options.buckets.length + 1),
        sum: 0,
        count: 0,
      };
      byMethod.set(method, series);
    }
    // The first bound at or above the value (Prometheus's `le`); past every bound, the last slot.
    let bucket = 0;
    for (const bound of this.options.buckets) {
      if (seconds <= bound) break;
      bucket++;
    }
    series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count++;
  }

  /** The values as prom-client's own histogram gives them to the registry: buckets (`le`, cumulative), `+Inf`, sum and count. */
  private exported(): ExportedValue[] {
    const { name, buckets } = this.options;
    const values: ExportedValue[] = [];
    for (const byStatus of this.series.values())
      for (const byMethod of byStatus.values())
        for (const { labels, counts, sum, count } of byMethod.values()) {
          let cumulative = 0;
          buckets.forEach((bound, i) => {
            cumulative += counts[i] ?? 0;
            values.push({ labels: { le: bound }, sharedLabels: labels, value: cumulative, metricName: `${name}_bucket` });
          });
          values.push(
            { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${name}_bucket` },
            { labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` },
            { labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` },
          );
        }
    return values;
  }

  /**
   * What the registry writes out. prom-client's registry reads a metric through
   * this method when it has one, and Histogram's public get() is this method's
   * values with each one's labels in one object, so both read the series.
   */
  getForPromString() {
    const { name, help } = this.options;
    return Promise.resolve({ name, help, type: 'histogram' as const, aggregator: 'sum' as const, values: this.exported() });
  }
}
