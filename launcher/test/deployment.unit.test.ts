import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ALL_SERVICES } from '../src/services';

const root = path.resolve(import.meta.dirname, '../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const workspaces: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;

describe('scaled-out deployment files', () => {
  it('run every service in its own container with its own database, reachable from the gateway', () => {
    const gatewayUrls: string = compose.services.gateway.environment.AGORA_SERVICE_URLS;
    const initSql = readFileSync(path.join(root, 'infra/docker/postgres-init.sql'), 'utf8');
    for (const service of ALL_SERVICES) {
      const container = compose.services[service.name];
      expect(container, `a container for ${service.name}`).toBeDefined();
      expect(container.command).toEqual(['node', `services/${service.name}/dist/main.js`]);
      expect(container.environment.DATABASE_URL).toMatch(new RegExp(`/agora_${service.name}$`));
      expect(initSql).toContain(`create database agora_${service.name};`);
      expect(gatewayUrls.split(',')).toContain(`${service.name}=http://${service.name}:8080`);
    }
  });

  it('build an image that installs every workspace', () => {
    const workspaceDirs = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? execFileSync('ls', [path.join(root, pattern.slice(0, -2))], { encoding: 'utf8' })
            .trim()
            .split('\n')
            .map((dir) => `${pattern.slice(0, -2)}/${dir}`)
            // A folder without a package.json (shared tests, say) is not a workspace.
            .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
        : [pattern],
    );
    for (const dir of workspaceDirs) expect(dockerfile).toContain(`COPY ${dir}/package.json ${dir}/`);
  });

  it('pass the Compose validator when it is installed', () => {
    const result = spawnSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), 'config', '-q'], {
      encoding: 'utf8',
    });
    if (result.error && process.env.AGORA_TEST_FULL !== '1') return;
    expect(result.status, result.stderr).toBe(0);
  });
});
