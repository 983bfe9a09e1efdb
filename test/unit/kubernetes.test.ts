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
import { configVariables, loadConfig } from '../../server/config.js';

const dir = join(import.meta.dirname, '..', '..', 'deploy', 'kubernetes');
const manifests = readdirSync(dir)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => ({ file, object: doc.toJSON() })));

const models = { Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget } as const;
const byKind = <K extends keyof typeof models>(kind: K) => manifests.find((m) => m.object.kind === kind)!.object;

describe('Kubernetes manifests', () => {
  it('are a Deployment, a Service, a HorizontalPodAutoscaler and a PodDisruptionBudget', () => {
    expect(manifests.map((m) => m.object.kind).sort()).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Service']);
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
    expect(byKind('Service').spec.ports[0].targetPort).toBe(port.name);
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
});
