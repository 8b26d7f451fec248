import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lagOf } from '../src/cluster/status';
import { parseReplicas, planTopology, TopologyError } from '../src/cluster/topology';
import { parseClusterArgs } from '../src/cluster-command';

const config = { dataDir: '/srv/agora', port: 9080 };

describe('cluster command line', () => {
  it('reads up with replicas, ports, bus and run directory, with defaults for the rest', () => {
    const args = parseClusterArgs(['up', '--replicas', 'posts=2,votes=2,gateway=2', '--port=7000'], config);
    expect(args).toMatchObject({
      action: 'up',
      runDir: '/srv/agora/cluster',
      gatewayPort: 7000,
      servicePort: 9180,
      bus: 'kafka',
      foreground: false,
    });
    expect(args.replicas).toMatchObject({ posts: 2, votes: 2, gateway: 2, site: 1, identity: 1, search: 1 });
    const more = parseClusterArgs(
      ['up', '--bus', 'postgres', '--service-port', '8100', '--run-dir', 'tmp/c', '--foreground'],
      config,
    );
    expect(more).toMatchObject({ bus: 'postgres', servicePort: 8100, runDir: path.resolve('tmp/c'), foreground: true });
    expect(parseClusterArgs(['status'], config).action).toBe('status');
    expect(parseClusterArgs(['down', '--run-dir', '/x'], config)).toMatchObject({ action: 'down', runDir: '/x' });
  });

  it.each([
    [[], /Usage: npm run agora -- cluster up/],
    [['start'], /Usage: npm run agora -- cluster up/],
    [['up', '--replicas'], /--replicas needs a value/],
    [['up', '--replicas', 'posts'], /role=count pairs/],
    [['up', '--replicas', 'mail=2'], /unknown role mail/],
    [['up', '--replicas', 'posts=0'], /posts must be a whole number from 1 to 8/],
    [['up', '--replicas', 'posts=2=3'], /role=count pairs/],
    [['up', '--port', '70000'], /--port must be a port/],
    [['up', '--bus', 'rabbit'], /--bus is kafka or postgres/],
    [['up', '--verbose'], /Unknown option --verbose/],
  ])('refuses %j', (args, message) => {
    expect(() => parseClusterArgs(args as string[], config)).toThrow(TopologyError);
    expect(() => parseClusterArgs(args as string[], config)).toThrow(message);
  });
});

describe('cluster topology', () => {
  it('gives every replica its port and each gateway every replica of every service', () => {
    const specs = planTopology({
      replicas: parseReplicas('posts=2,votes=2,gateway=2'),
      gatewayPort: 9080,
      servicePort: 9180,
    });
    expect(specs.map((s) => s.name)).toEqual([
      'identity-1',
      'posts-1',
      'posts-2',
      'votes-1',
      'votes-2',
      'tags-1',
      'moderation-1',
      'search-1',
      'badges-1',
      'notifications-1',
      'site-1',
      'assistant-1',
      'gateway-1',
      'gateway-2',
    ]);
    const posts2 = specs.find((s) => s.name === 'posts-2');
    expect(posts2).toMatchObject({ role: 'posts', port: 9182, entry: 'services/posts/dist/main.js' });
    const gateways = specs.filter((s) => s.role === 'gateway');
    expect(gateways.map((g) => [g.port, g.operatorPort])).toEqual([
      [9080, 9081],
      [9082, 9083],
    ]);
    for (const gateway of gateways) {
      expect(gateway.entry).toBe('gateway/dist/main.js');
      const urls = gateway.env.AGORA_SERVICE_URLS ?? '';
      expect(urls).toContain('posts=http://127.0.0.1:9181|http://127.0.0.1:9182');
      expect(urls).toContain('votes=http://127.0.0.1:9183|http://127.0.0.1:9184');
      expect(urls.split(',')).toHaveLength(10);
    }
  });

  it('refuses ports that overlap', () => {
    expect(() => planTopology({ replicas: parseReplicas('gateway=2'), gatewayPort: 9080, servicePort: 9075 })).toThrow(
      /Port 9080 is taken twice/,
    );
  });

  it('reads each projection lag from a service metrics', () => {
    const metrics = [
      '# HELP agora_projection_lag_events Events a projection has still to read',
      '# TYPE agora_projection_lag_events gauge',
      'agora_projection_lag_events{projection="actors"} 0',
      'agora_projection_lag_events{projection="question_cards"} 12',
      'agora_projection_parked_events{projection="actors"} 3',
    ].join('\n');
    expect(lagOf(metrics)).toEqual({ actors: 0, question_cards: 12 });
  });
});
