/**
 * The Kubernetes manifests (infra/k8s) against the code they deploy: a Deployment and a Service for every service and
 * the gateway, each running the command docker-compose.yml runs; every environment variable a setting of
 * `loadConfig`; every ConfigMap and Secret they name defined, with the keys they read; probes on routes the
 * processes serve, on the ports they listen on; the migrations Job covering every service; autoscalers on
 * Deployments that exist; and the kustomization listing every file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createOperatorApp } from '@agora/gateway/operator';
import { configEnvNames, createHttpApp } from '@agora/platform';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ALL_SERVICES } from '../src/services';

const root = path.resolve(import.meta.dirname, '../..');
const baseDir = path.join(root, 'infra/k8s/base');
const overlayDir = path.join(root, 'infra/k8s/overlays/example');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: any };
const files = readdirSync(baseDir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
const manifests: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(baseDir, file), 'utf8')).map((doc) => {
    expect(doc.errors, file).toEqual([]);
    return doc.toJS() as Manifest;
  }),
);
const kustomization = parse(readFileSync(path.join(baseDir, 'kustomization.yaml'), 'utf8'));

const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind);
const named = (kind: string, name: string) => {
  const found = ofKind(kind).find((m) => m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const configMaps = new Map(ofKind('ConfigMap').map((m) => [m.metadata.name, m.data as Record<string, string>]));
const secrets = new Map(ofKind('Secret').map((m) => [m.metadata.name, m.stringData as Record<string, string>]));
const deployments = ofKind('Deployment');
const jobContainers = named('Job', 'agora-migrations').spec.template.spec.containers as any[];
const allContainers = [...deployments.flatMap((d) => d.spec.template.spec.containers as any[]), ...jobContainers];

/** Every variable a container gets: its own `env` and every key of the ConfigMaps it takes whole. */
function environmentOf(container: any): Record<string, string | { secret: string; key: string }> {
  const env: Record<string, string | { secret: string; key: string }> = {};
  for (const source of container.envFrom ?? []) {
    const data = configMaps.get(source.configMapRef?.name);
    expect(data, `ConfigMap ${source.configMapRef?.name}`).toBeDefined();
    Object.assign(env, data);
  }
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    env[entry.name] = ref ? { secret: ref.name, key: ref.key } : entry.value;
  }
  return env;
}

function portNamed(container: any, name: string): number {
  const port = (container.ports as any[]).find((p) => p.name === name);
  expect(port, `port ${name} of ${container.name}`).toBeDefined();
  return port.containerPort;
}

async function answers(app: Awaited<ReturnType<typeof createHttpApp>>, url: string) {
  return (await app.inject({ method: 'GET', url })).statusCode;
}

describe('Kubernetes manifests', () => {
  it('deploy every service and the gateway, each with a Service, running what docker-compose.yml runs', () => {
    const names = [...ALL_SERVICES.map((s) => s.name), 'gateway'];
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...names].sort());
    for (const name of names) {
      const deployment = named('Deployment', name);
      const [container] = deployment.spec.template.spec.containers;
      expect(container.command).toEqual(compose.services[name].command);
      const labels = deployment.spec.template.metadata.labels;
      expect(deployment.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
      const service = named('Service', name);
      expect(service.spec.selector).toEqual({ 'app.kubernetes.io/name': labels['app.kubernetes.io/name'] });
      for (const port of service.spec.ports) portNamed(container, port.targetPort);
    }
  });

  it('set only environment variables that are settings of the configuration', () => {
    const known = new Set(configEnvNames());
    for (const container of allContainers) {
      for (const name of Object.keys(environmentOf(container)))
        expect(known, `${container.name}: ${name}`).toContain(name);
    }
  });

  it('take every secret from a Secret that has the key, and give each service its own database', () => {
    const databases = new Set<string>();
    for (const container of allContainers) {
      for (const value of Object.values(environmentOf(container))) {
        if (typeof value === 'string') continue;
        expect(secrets.get(value.secret)?.[value.key], `${value.secret}.${value.key}`).toBeDefined();
      }
      const database = environmentOf(container).DATABASE_URL;
      if (database && typeof database !== 'string' && container.name !== 'gateway') {
        expect(database.key).toBe(container.name);
        databases.add(secrets.get(database.secret)?.[database.key] ?? '');
      }
    }
    expect(databases.size).toBe(ALL_SERVICES.length);
    const gatewayEnv = environmentOf(named('Deployment', 'gateway').spec.template.spec.containers[0]);
    expect(gatewayEnv.DATABASE_URL).toBeUndefined();
  });

  it('reach each service from the gateway at its Service', () => {
    const gatewayEnv = environmentOf(named('Deployment', 'gateway').spec.template.spec.containers[0]);
    const urls = Object.fromEntries(
      String(gatewayEnv.AGORA_SERVICE_URLS)
        .split(',')
        .map((pair) => pair.split('=')),
    );
    expect(Object.keys(urls).sort()).toEqual(ALL_SERVICES.map((s) => s.name).sort());
    for (const [name, url] of Object.entries(urls)) {
      const port = named('Service', name).spec.ports[0].port;
      expect(url).toBe(`http://${name}:${port}`);
    }
  });

  it("probe each service's health and readiness routes on the port it listens on", async () => {
    const app = await createHttpApp({ name: 'probe', log: pino({ level: 'silent' }), ready: async () => true });
    try {
      for (const service of ALL_SERVICES) {
        const [container] = named('Deployment', service.name).spec.template.spec.containers;
        const env = environmentOf(container);
        for (const probe of [container.readinessProbe, container.livenessProbe]) {
          expect(portNamed(container, probe.httpGet.port)).toBe(Number(env.AGORA_PORT));
          expect(await answers(app, probe.httpGet.path), `${service.name} ${probe.httpGet.path}`).toBe(200);
        }
        expect(container.readinessProbe.httpGet.path).toBe('/readyz');
        expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      }
    } finally {
      await app.close();
    }
  });

  it('probe the gateway on its operator listener, off the public port (docs/adr/0041-operator-port.md)', async () => {
    const [container] = named('Deployment', 'gateway').spec.template.spec.containers;
    const env = environmentOf(container);
    const operator = await createOperatorApp({ log: pino({ level: 'silent' }), ready: async () => true });
    try {
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        expect(portNamed(container, probe.httpGet.port)).toBe(Number(env.AGORA_OPERATOR_PORT));
        expect(portNamed(container, probe.httpGet.port)).not.toBe(Number(env.AGORA_PORT));
        expect(await answers(operator, probe.httpGet.path)).toBe(200);
      }
    } finally {
      await operator.close();
    }
    // Reachable by the kubelet: the operator listener binds beyond loopback.
    expect(env.AGORA_OPERATOR_HOST).toBe('0.0.0.0');
    expect(env.AGORA_HOST).toBe('0.0.0.0');
  });

  it('migrate every service in the Job, each on its own database', () => {
    expect(jobContainers.map((c) => c.name).sort()).toEqual(ALL_SERVICES.map((s) => s.name).sort());
    for (const container of jobContainers) {
      expect(container.command).toEqual(['node', 'launcher/dist/main.js', 'migrate', container.name]);
      expect(environmentOf(container).DATABASE_URL).toEqual({ secret: 'agora-databases', key: container.name });
    }
    expect(named('Job', 'agora-migrations').spec.template.spec.restartPolicy).toBe('Never');
  });

  it('autoscale the gateway and the read-heavy services, on Deployments that exist', () => {
    const autoscalers = ofKind('HorizontalPodAutoscaler');
    const targets = autoscalers.map((h) => h.spec.scaleTargetRef.name);
    expect(targets.sort()).toEqual(['gateway', 'notifications', 'posts', 'search', 'tags']);
    for (const autoscaler of autoscalers) {
      const deployment = named('Deployment', autoscaler.spec.scaleTargetRef.name);
      expect(autoscaler.spec.minReplicas).toBeLessThanOrEqual(autoscaler.spec.maxReplicas);
      expect(deployment.spec.replicas).toBe(autoscaler.spec.minReplicas);
      // CPU utilisation is measured against the request: a container without one would never scale.
      expect(deployment.spec.template.spec.containers[0].resources.requests.cpu).toBeDefined();
    }
  });

  it('list every file in the kustomization, and the example overlay builds on the base', () => {
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
    const overlay = parse(readFileSync(path.join(overlayDir, 'kustomization.yaml'), 'utf8'));
    expect(overlay.resources).toEqual(['../../base']);
    expect(overlay.images.map((i: { name: string }) => i.name)).toEqual(['agora']);
    for (const container of allContainers) expect(container.image).toBe('agora');
    for (const patch of overlay.patches) {
      for (const op of parse(patch.patch)) {
        const key = op.path.replace('/data/', '');
        expect(configMaps.get(patch.target.name)?.[key], `${patch.target.name} ${key}`).toBeDefined();
      }
    }
  });
});
