/**
 * A team works on one service alone (issue 46): each service's README (services/<name>/README.md, gateway/README.md)
 * names what it owns, generated from the running code: the event types it produces and who reads them, what its
 * projections consume, the routes it registered and the tables its migrations made. Fails when a README's generated
 * part is out of date, naming the events and routes it lacks; `AGORA_UPDATE_SERVICE_READMES=1` rewrites those parts
 * (the rest of each README, written by hand, is left as it is). Each workspace runs its own tests with `npm test -w`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGE_TYPES } from '@agora/gateway/live/event-messages';
import { LIVE_SOURCES } from '@agora/gateway/live/hub';
import { END_TYPES } from '@agora/gateway/live/stream-ends';
import { OPERATOR_PATHS } from '@agora/gateway/operator';
import { registeredRoutes } from '@agora/platform';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../src/services';
import { REPO } from './support/repository-files';
import {
  type Consumed,
  consumedOf,
  type Ownership,
  platformTables,
  type RouteRow,
  routeRows,
  SHARED_PROJECTIONS,
  serviceOwnership,
} from './support/service-readmes/ownership';
import {
  consumedSection,
  ownedBlockOf,
  producedSection,
  type Readers,
  routesSection,
  serviceBlock,
  UPDATE_COMMAND,
  withOwnedBlock,
} from './support/service-readmes/readme-markdown';

const updating = process.env.AGORA_UPDATE_SERVICE_READMES === '1';
const GATEWAY_LIVE = 'live';
const SERVICE_FOLDERS = [...ALL_SERVICES.map((s) => `services/${s.name}`), 'services/platform', 'gateway'];

/** How a route's row starts in a README's table. */
const routeCell = (route: RouteRow) => `| ${route.methods.join(', ')} | \`${route.url}\` |`;

let stack: Stack;
/** The generated part of each README, by folder. */
const blocks = new Map<string, { block: string; produced: string[]; routes: string[] }>();

function readersOf(owners: readonly Ownership[], gateway: readonly Consumed[]): Readers {
  const readers = new Map<string, string[]>();
  const add = (type: string, reader: string) => {
    const list = readers.get(type) ?? [];
    if (!list.includes(reader)) readers.set(type, [...list, reader]);
  };
  for (const owner of owners) {
    for (const consumed of owner.consumed) for (const type of consumed.events) add(type, path.basename(owner.folder));
  }
  for (const shared of SHARED_PROJECTIONS)
    for (const e of shared.events) add(e.type, `every service (\`${shared.name}\`)`);
  for (const consumed of gateway) for (const type of consumed.events) add(type, 'gateway (live)');
  return readers;
}

beforeAll(async () => {
  stack = await startStack({ services: ALL_SERVICES });
  const query = stack.query.bind(stack) as <T>(text: string, values?: unknown[]) => Promise<T[]>;
  const platform = await platformTables(stack.databaseUrl, query);
  const owners = await Promise.all(ALL_SERVICES.map((s) => serviceOwnership(stack.service(s.name), query, platform)));
  const liveTypes = [...MESSAGE_TYPES, ...END_TYPES];
  const live: Consumed[] = LIVE_SOURCES.map((source) =>
    consumedOf({
      name: GATEWAY_LIVE,
      source,
      events: [...new Set(liveTypes.filter((type) => type.startsWith(`${source}.`)))].map((type) => ({ type })),
    }),
  );
  const readers = readersOf(owners, live);
  for (const owner of owners) {
    const service = path.basename(owner.folder);
    blocks.set(owner.folder, {
      block: serviceBlock(service, owner, readers),
      produced: owner.produced,
      routes: owner.routes.map(routeCell),
    });
  }
  const operatorRoutes = routeRows(registeredRoutes(stack.service('tags').app), { hidden: true });
  blocks.set('services/platform', {
    block: [
      producedSection('platform', [], readers),
      consumedSection(
        SHARED_PROJECTIONS.map(consumedOf),
        "Kept by every service in its own schema (identity keeps no `actors`, site no `site-settings`: they own those facts; a module's `shared` turns a copy off).",
      ),
      routesSection(
        operatorRoutes,
        '## Routes\n\nEvery service serves these on its own port (the operator routes: not in the API reference).',
      ),
      `## Tables\n\nIn every service's schema, from the platform's migrations (\`services/platform/src/migrations/\`): ${platform.map((t) => `\`${t}\``).join(', ')}.`,
    ].join('\n\n'),
    produced: [],
    routes: operatorRoutes.map(routeCell),
  });
  // The operator paths are registered on the public port only to be refused there (they are the operator listener's).
  const refused: readonly string[] = OPERATOR_PATHS;
  const gatewayRoutes = routeRows(registeredRoutes(stack.gateway)).filter((route) => !refused.includes(route.url));
  blocks.set('gateway', {
    block: [
      producedSection('gateway', [], readers),
      consumedSection(
        live,
        `A tail follower of the bus (no group, no checkpoint) that turns these into the live pages' messages (\`src/live/\`, docs/adr/0099-live-pages.md); it keeps no read model.`,
      ),
      routesSection(
        gatewayRoutes,
        '## Routes\n\nOn the public port (with a built web app, also `GET /*`: its files and pages). A forwarded path goes to the service that owns it by the routing table (DESIGN §6), and that service checks the caller.',
        { auth: false },
      ),
      '## Tables\n\nNone: the gateway has no database of its own.',
    ].join('\n\n'),
    produced: [],
    routes: gatewayRoutes.map(routeCell),
  });
});

afterAll(async () => {
  await stack?.close();
});

const readmeOf = (folder: string) => path.join(REPO, folder, 'README.md');

describe('service READMEs', () => {
  it.each(SERVICE_FOLDERS)('%s/README.md names what the service owns, as the code has it', (folder) => {
    const generated = blocks.get(folder);
    expect(generated, folder).toBeDefined();
    if (!generated) return;
    const file = readmeOf(folder);
    const readme = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (updating) {
      writeFileSync(file, withOwnedBlock(readme, generated.block));
      return;
    }
    const owned = ownedBlockOf(readme) ?? '';
    const missingEvents = generated.produced.filter((type) => !owned.includes(`\`${type}\``));
    const missingRoutes = generated.routes.filter((route) => !owned.includes(route));
    expect({ missingEvents, missingRoutes }, `${folder}/README.md lacks these: ${UPDATE_COMMAND}`).toEqual({
      missingEvents: [],
      missingRoutes: [],
    });
    expect(owned, `${folder}/README.md is out of date: ${UPDATE_COMMAND}`).toBe(generated.block);
  });
});

describe('a service alone', () => {
  it.each(SERVICE_FOLDERS)('%s runs its own tests with `npm test -w`, named in its README', (folder) => {
    const manifest = JSON.parse(readFileSync(path.join(REPO, folder, 'package.json'), 'utf8'));
    const up = folder
      .split('/')
      .map(() => '..')
      .join('/');
    expect(manifest.scripts?.test).toBe(`cd ${up} && vitest run --dir ${folder}`);
    if (!updating) expect(readFileSync(readmeOf(folder), 'utf8')).toContain(`npm test -w ${manifest.name}`);
  });
});
