// The Kubernetes manifests: valid against the Kubernetes schemas, and in
// agreement with the server (probes, port, variable names, shutdown timing).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { PrometheusRule, ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parser as promql } from '@prometheus-io/lezer-promql';
import { configVariables, loadConfig } from '../../server/config.js';
import { createMetrics } from '../../server/metrics.js';
import { pino } from 'pino';
import { shedRequests } from '../../server/shed.js';

const dir = join(import.meta.dirname, '..', '..', 'deploy', 'kubernetes');
const manifests = readdirSync(dir)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => ({ file, object: doc.toJSON() })));

const models = { Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget, ServiceMonitor, PrometheusRule } as const;
const byKind = (kind: keyof typeof models, name?: string) =>
  manifests.find((m) => m.object.kind === kind && (name === undefined || m.object.metadata.name === name))!.object;

describe('Kubernetes manifests', () => {
  it('are a Deployment, its Service and metrics Service, an autoscaler, a disruption budget, a ServiceMonitor and alert rules', () => {
    expect(manifests.map((m) => `${m.object.kind}/${m.object.metadata.name}`).sort()).toEqual([
      'Deployment/hosting-site',
      'HorizontalPodAutoscaler/hosting-site',
      'PodDisruptionBudget/hosting-site',
      'PrometheusRule/hosting-site',
      'Service/hosting-site',
      'Service/hosting-site-metrics',
      'ServiceMonitor/hosting-site',
    ]);
  });

  it.each(manifests.map((m) => [m.file, m.object] as const))('%s validates against the Kubernetes schema', (_file, object) => {
    const Model = models[object.kind as keyof typeof models];
    expect(() => new Model(object).validate()).not.toThrow();
  });

  const deployment = byKind('Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const env = Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));

  it('runs at least two replicas, non-root, on a read-only root filesystem, with requests and limits', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toBeDefined();
  });

  it('probes the server’s health endpoints on the port it listens on', () => {
    expect(container.livenessProbe.httpGet.path).toBe('/livez');
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    const port = container.ports.find((p: { name: string }) => p.name === container.readinessProbe.httpGet.port);
    expect(port.containerPort).toBe(Number(env.PORT));
    expect(byKind('Service', 'hosting-site').spec.ports[0].targetPort).toBe(port.name);
  });

  it('sets only variables the server reads (and Node’s own NODE_OPTIONS), and values it accepts', () => {
    for (const name of Object.keys(env)) if (name !== 'NODE_OPTIONS') expect(configVariables).toContain(name);
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('gives V8 a heap that fits inside the memory limit', () => {
    const heapMiB = Number(/--max-old-space-size=(\d+)/.exec(env.NODE_OPTIONS)?.[1]);
    const limitMiB = Number(/^(\d+)Mi$/.exec(container.resources.limits.memory)?.[1]);
    expect(heapMiB).toBeGreaterThan(0);
    expect(heapMiB).toBeLessThan(limitMiB * 0.75);
  });

  it('pauses before SIGTERM and allows longer than the shutdown timeout', () => {
    const preStop = container.lifecycle.preStop.sleep.seconds;
    expect(preStop).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStop + loadConfig(env).shutdownTimeoutMs / 1000 + 2);
  });

  it('scales on CPU and keeps a replica through disruptions', () => {
    const hpa = byKind('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef.name).toBe(deployment.metadata.name);
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
    expect(byKind('PodDisruptionBudget').spec.minAvailable).toBeGreaterThanOrEqual(1);
  });

  describe('metrics', () => {
    const metricsPort = container.ports.find((p: { name: string }) => p.name === 'metrics');
    const siteService = byKind('Service', 'hosting-site');
    const metricsService = byKind('Service', 'hosting-site-metrics');
    const monitor = byKind('ServiceMonitor');

    it('names the metrics port the server listens on, for annotations and the ServiceMonitor alike', () => {
      expect(metricsPort.containerPort).toBe(loadConfig(env).metricsPort);
      const annotations = deployment.spec.template.metadata.annotations;
      expect(annotations).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(metricsPort.containerPort),
        'prometheus.io/path': '/metrics',
      });
      expect(metricsService.spec.ports.map((p: { targetPort: string }) => p.targetPort)).toEqual(['metrics']);
      expect(monitor.spec.endpoints.map((e: { port: string; path: string }) => [e.port, e.path])).toEqual([['metrics', '/metrics']]);
      for (const [label, value] of Object.entries(monitor.spec.selector.matchLabels)) {
        expect(metricsService.metadata.labels[label]).toBe(value);
      }
    });

    it('keeps the metrics port off the site’s Service (and so off any ingress in front of it)', () => {
      expect(siteService.spec.ports.map((p: { targetPort: string }) => p.targetPort)).toEqual(['http']);
      // The site's Service does not carry the metrics Service's component label, so the ServiceMonitor never selects it.
      expect(siteService.metadata.labels['app.kubernetes.io/component']).toBeUndefined();
    });

    const rules: { alert: string; expr: string; for?: string; labels: Record<string, string> }[] = byKind(
      'PrometheusRule',
    ).spec.groups.flatMap((group: { rules: unknown[] }) => group.rules);
    /** The metric names an expression selects, and whether it parsed cleanly. */
    const selectors = (expr: string) => {
      const names: string[] = [];
      let errors = 0;
      promql.parse(expr).iterate({
        enter: (node) => {
          if (node.type.isError) errors++;
          if (node.name === 'VectorSelector' && node.node.firstChild?.name === 'Identifier') {
            names.push(expr.slice(node.node.firstChild.from, node.node.firstChild.to));
          }
        },
      });
      return { names, errors };
    };

    it.each(rules.map((rule) => [rule.alert, rule.expr] as const))('%s is valid PromQL', (_alert, expr) => {
      expect(selectors(expr).errors).toBe(0);
    });

    it('alerts on what an on-call person needs: 5xx above 1% for 5 minutes, p99 above 250 ms for 10, readiness flapping, restarts', () => {
      const rule = (alert: string) => rules.find((r) => r.alert === alert)!;
      expect(rule('HostingSiteHighErrorRate').expr).toMatch(/status_code=~"5\.\."[\s\S]*> 0\.01\s*$/);
      expect(rule('HostingSiteHighErrorRate').for).toBe('5m');
      // Searches shed under a flood are not errors: they are taken out of the rate, and warned of on their own.
      expect(rule('HostingSiteHighErrorRate').expr).toMatch(/- sum\(rate\(http_requests_shed_total\{/);
      // Nor is /readyz's 503 (the metrics label it route "health"): a starting or draining pod answering its probe.
      expect(rule('HostingSiteHighErrorRate').expr).toMatch(/status_code=~"5\.\.", route!="health"\}/);
      expect(selectors(rule('HostingSiteSearchShedding').expr).names).toEqual(['http_requests_shed_total']);
      expect(rule('HostingSiteSearchShedding').labels.severity).toBe('warning');
      expect(rule('HostingSiteSlowResponses').expr).toMatch(/^histogram_quantile\(0\.99,[\s\S]*> 0\.25\s*$/);
      expect(rule('HostingSiteSlowResponses').for).toBe('10m');
      expect(selectors(rule('HostingSiteReadinessFlapping').expr).names).toEqual(['kube_pod_status_ready']);
      expect(rule('HostingSiteRestarting').expr).toContain(`container="${container.name}"`);
    });

    it('select only series the server exports, under the job the ServiceMonitor gives them, or kube-state-metrics’ own', async () => {
      const metrics = createMetrics({
        exactPaths: [],
        renderSeconds: [],
        lifecycle: { phase: 'ready' },
      });
      // The app adds the shed counter to the same registry (server/app.ts).
      shedRequests(pino({ level: 'silent' }), metrics.registry);
      const exported = new Set(
        (await metrics.registry.getMetricsAsJSON()).flatMap((metric) =>
          String(metric.type) === 'histogram' ? ['_bucket', '_sum', '_count'].map((suffix) => metric.name + suffix) : [metric.name],
        ),
      );
      const kubeStateMetrics = new Set(['kube_pod_status_ready', 'kube_pod_container_status_restarts_total']);
      for (const { expr } of rules) {
        for (const name of selectors(expr).names) {
          expect(exported.has(name) || kubeStateMetrics.has(name), name).toBe(true);
          // A ServiceMonitor's job label is the name of the Service it scraped.
          if (exported.has(name)) expect(expr).toContain(`${name}{job="${metricsService.metadata.name}"`);
        }
      }
    });
  });
});
