import { describe, expect, it } from 'vitest';
import { parseAnswer, parseApiReference, parseType } from '../parse-api-md';

describe("reading the reference's type notation", () => {
  it('reads scalars, named scalars, arrays, maps, pages and structs', () => {
    expect(parseType('str')).toEqual({ kind: 'string' });
    expect(parseType('int⟨entity.BadgeLevel⟩')).toEqual({ kind: 'integer' });
    expect(parseType('str(len ≤500)')).toEqual({ kind: 'string' });
    expect(parseType('[]str')).toEqual({ kind: 'array', items: { kind: 'string' } });
    expect(parseType('map[str]any')).toEqual({ kind: 'map', values: { kind: 'any' } });
    expect(parseType('page{count:int, list:[]TagResp{slug_name:str, reserved:bool}}')).toEqual({
      kind: 'object',
      fields: {
        count: { kind: 'integer' },
        list: {
          kind: 'array',
          items: {
            kind: 'object',
            name: 'TagResp',
            fields: { slug_name: { kind: 'string' }, reserved: { kind: 'boolean' } },
          },
        },
      },
    });
    expect(parseType('UserBasicInfo')).toEqual({ kind: 'object', name: 'UserBasicInfo' });
    expect(parseType('obj{title,url_title}')).toEqual({
      kind: 'object',
      fields: { title: { kind: 'any' }, url_title: { kind: 'any' } },
    });
  });

  it('reads a field the handler sends under another key, and two success shapes', () => {
    expect(parseType('page{count:int, records⚠(JSON key is list):[]str}')).toEqual({
      kind: 'object',
      fields: { count: { kind: 'integer' }, list: { kind: 'array', items: { kind: 'string' } } },
    });
    expect(parseType('A{a:int} **or** B†{b:bool}')).toEqual({
      kind: 'union',
      options: [
        { kind: 'object', name: 'A', fields: { a: { kind: 'integer' } } },
        { kind: 'object', name: 'B', fields: { b: { kind: 'boolean' } } },
      ],
    });
  });

  it("takes the handler's shape where the published schema differs, and knows answers that are no envelope", () => {
    expect(parseAnswer('spec: X{info:str} ⚠; ‡Go: Y{id:str}').answer).toEqual({
      envelope: true,
      data: { kind: 'object', name: 'Y', fields: { id: { kind: 'string' } } },
    });
    expect(parseAnswer('spec:no-schema; ‡[]Z{a:int}').shape).toBe('[]Z{a:int}');
    expect(parseAnswer('spec:no-schema; null (validation errors: []FormErrorField)').answer).toEqual({
      envelope: true,
      data: { kind: 'null' },
    });
    expect(parseAnswer('spec:str ⚠; null').answer).toEqual({ envelope: true, data: { kind: 'null' } });
    expect(parseAnswer('(non-envelope: ctx.Redirect)').answer.envelope).toBe(false);
  });

  it('reads route tables under their prefixes, escaped pipes included, and the named schemas', () => {
    const markdown = [
      '## Endpoints',
      '',
      '### Tag (prefix `/answer/api/v1`)',
      '',
      '| M | path | auth | params | data |',
      '|---|---|---|---|---|',
      '| GET | `/tags/page` | opt | q: query_cond:str({popular\\|name}) | page{count:int, list:[]GetTagPageResp} |',
      '| POST | `/follow` | user·S | body: FollowReq{object_id*:str} | FollowResp{follows:int, is_followed:bool} |',
      '',
      '### Outside the API prefixes (present in swagger)',
      '',
      '| M | path | auth | params | data |',
      '|---|---|---|---|---|',
      '| GET | `/robots.txt` | none | – | text/plain body (non-envelope: ctx.String) |',
      '',
      '## Schemas',
      '',
      '**tag (list item)** — `GetTagPageResp`',
      '',
      '| field | type |',
      '|---|---|',
      '| `slug_name` | str |',
      '',
      '### Other referenced schemas',
      '',
      '- **FollowResp**: follows:int, is_followed:bool',
      '- **BadgeStatus**: str ({active|inactive})',
    ].join('\n');
    const list = parseApiReference(markdown, 'test');
    expect(list.routes.map((r) => [r.method, r.path, r.group, r.auth])).toEqual([
      ['GET', '/answer/api/v1/tags/page', 'Tag', 'opt'],
      ['POST', '/answer/api/v1/follow', 'Tag', 'user'],
      ['GET', '/robots.txt', 'Outside the API prefixes (present in swagger)', 'none'],
    ]);
    expect(list.routes[2]!.answer.envelope).toBe(false);
    expect(list.schemas).toEqual({
      GetTagPageResp: { slug_name: { kind: 'string' } },
      FollowResp: { follows: { kind: 'integer' }, is_followed: { kind: 'boolean' } },
    });
  });
});
