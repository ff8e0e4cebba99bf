import fs from 'node:fs';
import path from 'node:path';
import { kustomizationFolders, renderKustomization, type KubernetesObject } from '../src/kubernetes/kustomize';
import { schemaProblemsOf } from '../src/kubernetes/validate';
import { repoRoot } from '../src/paths';

// The nine deploy units: the gateway and the services run Node, the shell and the remotes nginx.
const nodeUnits = ['gateway', 'svc-identity', 'svc-providers', 'svc-billing', 'svc-notify'];
const staticUnits = ['shell', 'mfe-member', 'mfe-provider', 'mfe-admin'];
/** After SIGTERM a Node unit exits within this (service-kit's runService); nginx finishes its requests sooner. */
const drainSeconds = 10;

interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; runAsNonRoot?: boolean; capabilities?: { drop?: string[] } };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; runAsGroup?: number; fsGroup?: number };
  volumes?: { name: string; secret?: { secretName: string; defaultMode?: number } }[];
}
interface Deployment extends KubernetesObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec };
  };
}

const rendered = new Map<string, KubernetesObject[]>();
beforeAll(async () => {
  for (const folder of kustomizationFolders()) rendered.set(folder, await renderKustomization(folder));
}, 180_000);

function objectsOf(folder: string, kind: string): KubernetesObject[] {
  return rendered.get(folder)!.filter((object) => object.kind === kind);
}
const deploymentsOf = (folder: string) => objectsOf(folder, 'Deployment') as Deployment[];
const spec = (object: KubernetesObject) => object.spec as Record<string, unknown>;
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);

function preStopSeconds(container: Container): number {
  const { exec, sleep } = container.lifecycle?.preStop ?? {};
  if (sleep) return sleep.seconds;
  const [program, seconds] = exec?.command ?? [];
  return program === 'sleep' ? Number(seconds) : NaN;
}

it('renders the base and the production and staging overlays', () => {
  expect([...rendered.keys()]).toEqual(expect.arrayContaining(['base', 'overlays/production', 'overlays/staging']));
});

describe.each(kustomizationFolders())('%s', (folder) => {
  it('holds only objects the Kubernetes API schemas accept', async () => {
    expect(await schemaProblemsOf(rendered.get(folder)!)).toEqual([]);
  });

  it('has a Deployment, a Service and a PodDisruptionBudget for each of the nine units, and an autoscaler for the gateway and each service', () => {
    const names = (kind: string) =>
      objectsOf(folder, kind)
        .map((object) => object.metadata.name)
        .sort();
    const units = [...nodeUnits, ...staticUnits].sort();
    expect(names('Deployment')).toEqual(units);
    expect(names('Service')).toEqual(units);
    expect(names('PodDisruptionBudget')).toEqual(units);
    expect(names('HorizontalPodAutoscaler')).toEqual([...nodeUnits].sort());
  });

  it('gives every Deployment its probes, limits, drain and a non-root, read-only container', () => {
    for (const deployment of deploymentsOf(folder)) {
      const pod = deployment.spec.template.spec;
      const unit = deployment.metadata.name;
      const autoscaled = objectsOf(folder, 'HorizontalPodAutoscaler').some((autoscaler) => autoscaler.metadata.name === unit);
      // An autoscaled Deployment leaves the count to its autoscaler (from 2): a count of its own would reset it on every apply.
      expect({ unit, replicas: autoscaled ? deployment.spec.replicas === undefined : deployment.spec.replicas! >= 2 }).toEqual({ unit, replicas: true });
      // A mounted Secret is readable by the pod's non-root user: through the pod's group, or by everyone.
      for (const volume of (pod.volumes ?? []).filter((entry) => entry.secret)) {
        const mode = volume.secret!.defaultMode ?? 0o644;
        const readable = (mode & 0o004) !== 0 || ((mode & 0o040) !== 0 && pod.securityContext?.fsGroup === pod.securityContext?.runAsGroup);
        expect({ unit, volume: volume.name, readable }).toEqual({ unit, volume: volume.name, readable: true });
      }
      expect({ unit, runAsNonRoot: pod.securityContext?.runAsNonRoot, rootUser: pod.securityContext?.runAsUser === 0 }).toEqual({
        unit,
        runAsNonRoot: true,
        rootUser: false,
      });
      for (const container of pod.containers) {
        const ports = (container.ports ?? []).map((port) => port.name);
        expect({ unit, readiness: container.readinessProbe?.httpGet?.path, liveness: container.livenessProbe?.httpGet?.path }).toEqual({
          unit,
          readiness: '/readyz',
          liveness: '/healthz',
        });
        expect(ports).toContain(container.readinessProbe!.httpGet!.port);
        expect(ports).toContain(container.livenessProbe!.httpGet!.port);
        for (const amounts of [container.resources?.requests, container.resources?.limits]) {
          expect({ unit, cpu: Boolean(amounts?.cpu), memory: Boolean(amounts?.memory) }).toEqual({ unit, cpu: true, memory: true });
        }
        const { readOnlyRootFilesystem, allowPrivilegeEscalation, capabilities } = container.securityContext ?? {};
        expect({ unit, readOnlyRootFilesystem, allowPrivilegeEscalation, capabilities }).toEqual({
          unit,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        const pause = preStopSeconds(container);
        expect({ unit, pause: pause > 0 }).toEqual({ unit, pause: true });
        // Kubernetes kills what is still running when the grace period ends: it must outlast the pause and the drain.
        expect({ unit, graceOutlastsDrain: (pod.terminationGracePeriodSeconds ?? 30) > pause + drainSeconds }).toEqual({ unit, graceOutlastsDrain: true });
      }
    }
  });

  it('lets Prometheus scrape every Node unit’s /metrics on a port its container exposes, which no Service routes to for the gateway', () => {
    for (const deployment of deploymentsOf(folder).filter((candidate) => nodeUnits.includes(candidate.metadata.name))) {
      const unit = deployment.metadata.name;
      const annotations = deployment.spec.template.metadata.annotations ?? {};
      const exposed = deployment.spec.template.spec.containers.flatMap((container) => (container.ports ?? []).map((port) => String(port.containerPort)));
      expect({
        unit,
        scrape: annotations['prometheus.io/scrape'],
        path: annotations['prometheus.io/path'],
        portExposed: exposed.includes(annotations['prometheus.io/port'] ?? ''),
      }).toEqual({
        unit,
        scrape: 'true',
        path: '/metrics',
        portExposed: true,
      });
    }
    const gatewayService = objectsOf(folder, 'Service').find((service) => service.metadata.name === 'gateway')!;
    const servicePorts = (spec(gatewayService).ports as { targetPort?: string | number; port: number }[]).map((port) => String(port.targetPort ?? port.port));
    expect(servicePorts).not.toContain('9464');
    expect(servicePorts).not.toContain('metrics');
  });

  it('keeps a pod of each unit up through disruptions and rolls out without taking one away first', () => {
    for (const deployment of deploymentsOf(folder)) {
      const unit = deployment.metadata.name;
      const podLabels = deployment.spec.template.metadata.labels;
      expect(matches(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
      const service = objectsOf(folder, 'Service').find((object) => object.metadata.name === unit)!;
      expect({ unit, serviceSelects: matches(spec(service).selector as Record<string, string>, podLabels) }).toEqual({ unit, serviceSelects: true });
      const budget = objectsOf(folder, 'PodDisruptionBudget').find((object) => object.metadata.name === unit)!;
      expect({ unit, budgetSelects: matches((spec(budget).selector as { matchLabels: Record<string, string> }).matchLabels, podLabels) }).toEqual({
        unit,
        budgetSelects: true,
      });
      expect({ unit, strategy: spec(deployment).strategy }).toEqual({
        unit,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      });
    }
    for (const autoscaler of objectsOf(folder, 'HorizontalPodAutoscaler')) {
      const { scaleTargetRef, minReplicas } = spec(autoscaler) as { scaleTargetRef: { kind: string; name: string }; minReplicas: number };
      expect(scaleTargetRef).toEqual(expect.objectContaining({ kind: 'Deployment', name: autoscaler.metadata.name }));
      expect(minReplicas).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps no Secret, and every ConfigMap a pod reads is part of the render', () => {
    expect(objectsOf(folder, 'Secret')).toEqual([]);
    const configMaps = new Set(objectsOf(folder, 'ConfigMap').map((object) => object.metadata.name));
    for (const deployment of deploymentsOf(folder)) {
      for (const container of deployment.spec.template.spec.containers) {
        const read = [
          ...(container.envFrom ?? []).flatMap((source) => (source.configMapRef ? [source.configMapRef.name] : [])),
          ...(container.env ?? []).flatMap((variable) => (variable.valueFrom?.configMapKeyRef ? [variable.valueFrom.configMapKeyRef.name] : [])),
        ];
        for (const name of read)
          expect({ unit: deployment.metadata.name, configMap: name, rendered: configMaps.has(name) }).toEqual({
            unit: deployment.metadata.name,
            configMap: name,
            rendered: true,
          });
      }
    }
  });

  it('publishes the remotes’ addresses from a ConfigMap and sends the site’s host to the gateway', () => {
    const gateway = deploymentsOf(folder).find((deployment) => deployment.metadata.name === 'gateway')!;
    const remotesMap = objectsOf(folder, 'ConfigMap').find((object) => object.metadata.name.startsWith('remotes-'))!;
    expect(Object.keys(remotesMap.data as object).sort()).toEqual(['REMOTE_ADMIN_ENTRY', 'REMOTE_MEMBER_ENTRY', 'REMOTE_PROVIDER_ENTRY']);
    expect(gateway.spec.template.spec.containers[0]!.envFrom).toContainEqual({ configMapRef: { name: remotesMap.metadata.name } });
    const [ingress] = objectsOf(folder, 'Ingress') as (KubernetesObject & {
      spec: { rules: { host: string; http: { paths: { backend: { service: { name: string } } }[] } }[] };
    })[];
    const site = new URL((objectsOf(folder, 'ConfigMap').find((object) => object.metadata.name.startsWith('site-'))!.data as { SITE_URL: string }).SITE_URL);
    const siteRule = ingress!.spec.rules.find((rule) => rule.host === site.hostname);
    expect(siteRule?.http.paths[0]?.backend.service.name).toBe('gateway');
    // Each remote's host, as the ConfigMap gives it, reaches that remote.
    for (const [variable, unit] of [
      ['REMOTE_MEMBER_ENTRY', 'mfe-member'],
      ['REMOTE_PROVIDER_ENTRY', 'mfe-provider'],
      ['REMOTE_ADMIN_ENTRY', 'mfe-admin'],
    ] as const) {
      const host = new URL((remotesMap.data as Record<string, string>)[variable]!).hostname;
      expect({ variable, backend: ingress!.spec.rules.find((rule) => rule.host === host)?.http.paths[0]?.backend.service.name }).toEqual({
        variable,
        backend: unit,
      });
    }
  });

  it('names in docs/deploy.md every Secret and key the pods read', () => {
    const guide = fs.readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
    for (const deployment of deploymentsOf(folder)) {
      const pod = deployment.spec.template.spec;
      const references = [
        ...pod.containers.flatMap((container) =>
          (container.env ?? []).flatMap((variable) => (variable.valueFrom?.secretKeyRef ? [variable.valueFrom.secretKeyRef] : [])),
        ),
        ...(pod.volumes ?? []).flatMap((volume) => (volume.secret ? [{ name: volume.secret.secretName, key: '' }] : [])),
      ];
      for (const { name, key } of references) {
        expect({ secret: name, documented: guide.includes(`\`${name}\``) }).toEqual({ secret: name, documented: true });
        if (key) expect({ secret: name, key, documented: guide.includes(`\`${key}\``) }).toEqual({ secret: name, key, documented: true });
      }
    }
  });
});

describe('the schema check', () => {
  it('finds what the Kubernetes API would refuse', async () => {
    const [deployment] = (await renderKustomization('base')).filter((object) => object.kind === 'Deployment') as Deployment[];
    const broken = { ...deployment!, spec: { ...deployment!.spec, replicas: 'two', selector: undefined } };
    const problems = await schemaProblemsOf([broken, { apiVersion: 'example.com/v1', kind: 'Unknown', metadata: { name: 'x' } }]);
    expect(problems.map(({ kind, name }) => ({ kind, name }))).toEqual([
      { kind: 'Deployment', name: deployment!.metadata.name },
      { kind: 'Unknown', name: 'x' },
    ]);
    expect(problems[0]!.problem).toContain('must have required property selector');
    expect(problems[0]!.problem).toContain('replicas must be integer');
    expect(problems[1]!.problem).toBe('no Kubernetes schema for example.com/v1 Unknown');
  });
});

it.each(['overlays/production', 'overlays/staging'])(
  '%s sends every Node unit’s spans to its OpenTelemetry collector, with a sampler that follows the caller',
  (folder) => {
    const configMaps = objectsOf(folder, 'ConfigMap');
    for (const deployment of deploymentsOf(folder).filter((deployment) => nodeUnits.includes(deployment.metadata.name))) {
      const settings: Record<string, string> = {};
      for (const source of deployment.spec.template.spec.containers[0]!.envFrom ?? []) {
        const map = configMaps.find((object) => object.metadata.name === source.configMapRef?.name);
        Object.assign(settings, map?.data ?? {});
      }
      expect({ unit: deployment.metadata.name, endpoint: new URL(settings.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'missing:').port }).toEqual({
        unit: deployment.metadata.name,
        endpoint: '4318',
      });
      expect(settings.OTEL_TRACES_SAMPLER).toMatch(/^parentbased_/);
      expect(Number(settings.OTEL_TRACES_SAMPLER_ARG ?? 1)).toBeGreaterThan(0);
    }
  },
);
