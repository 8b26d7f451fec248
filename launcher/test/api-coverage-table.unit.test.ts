import { describe, expect, it } from 'vitest';
import type { RefRoute } from '../../scripts/reference-api/reference-types';
import type { Coverage } from './support/api-coverage/coverage';
import { coverageMarkdown, implementedIn } from './support/api-coverage/coverage-table';

const route = (method: RefRoute['method'], path: string, group: string): RefRoute => ({
  method,
  path,
  group,
  auth: 'opt',
  answer: { envelope: true, data: { kind: 'null' } },
  shape: 'null',
});

const coverage: Coverage = {
  rows: [
    {
      route: route('GET', '/answer/api/v1/question/info', 'Question'),
      status: 'implemented',
      services: ['posts'],
      problems: [],
    },
    {
      route: route('GET', '/answer/api/v1/question/link', 'Question'),
      status: 'planned',
      plan: { issue: 19, part: 'linked questions' },
    },
    {
      route: route('POST', '/answer/api/v1/chat/completions', 'AI'),
      status: 'out of scope',
      plan: { issue: 'out of scope', part: 'AI chat and MCP' },
    },
  ],
  extras: [{ method: 'GET', path: '/answer/api/v1/file/uploads/{key}', service: 'site' }],
  stalePlans: [],
};

describe('the coverage table', () => {
  it('lists each route under its group with its status, and counts them', () => {
    const markdown = coverageMarkdown(coverage, 'a test list');
    expect(markdown).toContain(
      '**1 of 3 routes implemented**, 1 planned (#19: 1), 0 wanted later without an issue yet, 1 out of scope.',
    );
    expect(markdown).toContain('## Question\n\n| method | path | status | served by / waits for |');
    expect(markdown).toContain('| GET | `/answer/api/v1/question/info` | implemented | posts |');
    expect(markdown).toContain(
      '| GET | `/answer/api/v1/question/link` | planned | #19 wire compatibility: linked questions |',
    );
    expect(markdown).toContain('| POST | `/answer/api/v1/chat/completions` | out of scope | AI chat and MCP |');
    expect(markdown).toContain('| GET | `/answer/api/v1/file/uploads/{key}` | site |');
  });

  it('reads back the routes a table marks implemented, to tell when one disappears', () => {
    expect([...implementedIn(coverageMarkdown(coverage, 'a test list'))]).toEqual(['GET /answer/api/v1/question/info']);
  });
});
