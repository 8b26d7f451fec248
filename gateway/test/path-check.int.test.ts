import http from 'node:http';
import { defaultSiteSettings } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { type HttpApp, loadConfig } from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { NEVER_PUBLIC_TARGETS, UP_SPELLINGS as UP } from '@agora/test-support/path-spellings';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedAgora, composeAgora } from '../src/compose';
import { createGateway } from '../src/gateway';
import { AREA_PREFIXES, ROOT_FOLDERS } from '../src/routing-table';
import { type ForwardRequest, HttpTransport, InProcessTransport, type ServiceTransport } from '../src/transports';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** Counts what a service is handed through the gateway's public forward (its token look-ups aside). */
class Counted implements ServiceTransport {
  readonly urls: string[] = [];
  constructor(private readonly inner: ServiceTransport) {}
  forward(request: ForwardRequest) {
    if (!request.url.startsWith('/internal/jwks')) this.urls.push(request.url);
    return this.inner.forward(request);
  }
  close() {
    return this.inner.close();
  }
}

interface Door {
  name: string;
  address: string;
  counted: Counted[];
}

let drop: () => Promise<void>;
let agora: ComposedAgora;
const doors: Door[] = [];
const gateways: HttpApp[] = [];

async function gatewayOver(name: string, identity: ServiceTransport, site: ServiceTransport): Promise<Door> {
  const counted = [new Counted(identity), new Counted(site)];
  const gateway = await createGateway({
    log,
    transports: { identity: counted[0], site: counted[1] },
    webRoot: undefined,
  });
  gateways.push(gateway);
  return { name, address: await gateway.listen({ host: '127.0.0.1', port: 0 }), counted };
}

beforeAll(async () => {
  const database = await createTestDatabase('paths');
  drop = database.drop;
  const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test' } });
  agora = await composeAgora({ config, databaseUrl: database.url, log, services: [identityService, siteService] });
  const identity = agora.service('identity');
  const site = agora.service('site');
  doors.push(await gatewayOver('in-process', new InProcessTransport(identity.app), new InProcessTransport(site.app)));
  const identityUrl = await identity.app.listen({ host: '127.0.0.1', port: 0 });
  const siteUrl = await site.app.listen({ host: '127.0.0.1', port: 0 });
  doors.push(await gatewayOver('over HTTP', new HttpTransport(identityUrl), new HttpTransport(siteUrl)));
});

afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  for (const door of doors) for (const transport of door.counted) await transport.close();
  await agora?.close();
  await drop?.();
});

/** A request whose target is sent byte for byte as written (as `curl --path-as-is` does). */
function send(address: string, method: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end(method === 'POST' ? '{}' : undefined);
  });
}

/**
 * Where a request can start: a route of each area of the API that a service of this gateway owns (so a path the
 * gateway let through would reach it), the web app's pages and the sitemap's folder.
 */
const STARTS = [
  `${AREA_PREFIXES.api}siteinfo/`,
  `${AREA_PREFIXES.api}connector/`,
  `${AREA_PREFIXES.admin}setting/`,
  `${AREA_PREFIXES.installation}db/`,
  '/questions/',
  ...Object.keys(ROOT_FOLDERS),
];

const TARGETS = NEVER_PUBLIC_TARGETS;

const variants = (): Array<[string, string]> => {
  const found: Array<[string, string]> = [];
  for (const start of STARTS)
    for (const up of UP)
      for (const [method, target] of TARGETS) found.push([method, `${start}${up.repeat(6)}${target}`]);
  for (const [method, target] of TARGETS) {
    found.push([method, `/answer/api/v1//${target}`]);
    found.push([method, `//${target}`]);
    found.push([method, `/answer/api/v1/connector/..%2f${target.replace('/', '%2f')}`]);
  }
  return found;
};

describe('paths past the gateway', () => {
  it('walks every public prefix with dot segments, encoded separators, `;`, `//` and backslashes: 400, never forwarded', async () => {
    const cases = variants();
    expect(cases.length).toBeGreaterThan(500);
    for (const door of doors) {
      for (const [method, target] of cases) {
        const answer = await send(door.address, method, target);
        expect({ door: door.name, target, status: answer.status }).toEqual({
          door: door.name,
          target,
          status: 400,
        });
        expect(answer.body).not.toContain('process_cpu');
      }
      expect({ door: door.name, forwarded: door.counted.flatMap((c) => c.urls) }).toEqual({
        door: door.name,
        forwarded: [],
      });
    }
  });

  it('still routes canonical paths on both transports, and keeps a private site private', async () => {
    const security = defaultSiteSettings('http://agora.test').security;
    await updateSettingsGroup(
      agora.service('site').context,
      { group: 'security', values: { ...security, login_required: true } },
      null,
    );
    for (const door of doors) {
      const sideways = '/answer/api/v1/connector/../personal/user/info?username=admin';
      expect((await send(door.address, 'GET', sideways)).status).toBe(400);
      const siteinfo = await send(door.address, 'GET', '/answer/api/v1/siteinfo');
      expect(siteinfo.status).toBe(200);
      const profile = () => send(door.address, 'GET', '/answer/api/v1/personal/user/info?username=admin');
      await eventually(async () => (await profile()).status === 401);
      const encoded = await send(door.address, 'GET', '/answer/api/v1/siteinf%6f');
      expect(encoded.status).not.toBe(400);
      expect(door.counted[1]?.urls).toContain('/answer/api/v1/siteinfo');
    }
  });
});
