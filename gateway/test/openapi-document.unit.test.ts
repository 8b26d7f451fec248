/**
 * How the gateway merges the services' OpenAPI documents (docs/adr/0009-api-reference.md): paths as the gateway
 * routes them, one tag per service, components shared when equal and renamed (with their references) when
 * two services mean different things by one name.
 */
import { AGORA_VERSION } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../src/openapi-document';

const ok = { responses: { 200: { description: 'Default Response' } } };

describe('mergeDocuments', () => {
  it('keeps each service’s routed paths, tagged with the service, sorted, under the contracts’ version', () => {
    const merged = mergeDocuments([
      {
        service: 'tags',
        document: {
          paths: { '/answer/api/v1/tags/page': { get: { ...ok, tags: ['anything'] } } },
          components: {},
        },
      },
      {
        service: 'posts',
        document: {
          paths: {
            '/answer/api/v1/question/page': { get: ok },
            '/answer/api/v1/answer': { post: ok, delete: ok, parameters: { not: 'an operation' } },
            // Routed by the gateway to tags: never reached on posts, so not documented as posts'.
            '/answer/api/v1/tags/hot': { get: ok },
            // No gateway route at all.
            '/somewhere/else': { get: ok },
          },
          components: {},
        },
      },
    ]);
    expect(merged.openapi).toBe('3.1.0');
    expect(merged.info.version).toBe(AGORA_VERSION);
    expect(merged.tags.map((tag) => tag.name)).toEqual(['tags', 'posts']);
    expect(Object.keys(merged.paths)).toEqual([
      '/answer/api/v1/answer',
      '/answer/api/v1/question/page',
      '/answer/api/v1/tags/page',
    ]);
    expect(Object.keys(merged.paths['/answer/api/v1/answer'] ?? {})).toEqual(['post', 'delete']);
    expect(merged.paths['/answer/api/v1/tags/page']?.get?.tags).toEqual(['tags']);
    expect(merged.paths['/answer/api/v1/question/page']?.get?.tags).toEqual(['posts']);
  });

  it('documents the owner’s operation where the gateway picks the service by the request, and names both', () => {
    const timeline = (service: string) => ({
      '/answer/api/v1/activity/timeline': { get: { ...ok, summary: `${service}'s timeline` } },
    });
    const merged = mergeDocuments([
      { service: 'tags', document: { paths: timeline('tags'), components: {} } },
      { service: 'posts', document: { paths: timeline('posts'), components: {} } },
    ]);
    const operation = merged.paths['/answer/api/v1/activity/timeline']?.get;
    expect(operation).toMatchObject({
      summary: "posts's timeline",
      tags: ['posts'],
      'x-agora-services': ['posts', 'tags'],
    });
    expect(operation?.description).toContain('to posts or, depending on the request, to tags');
  });

  it('shares equal components and renames clashing ones together with the references to them', () => {
    const scheme = { type: 'apiKey', in: 'header', name: 'Authorization' };
    const merged = mergeDocuments([
      {
        service: 'site',
        document: {
          paths: {
            '/answer/api/v1/siteinfo': {
              get: {
                responses: {
                  200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/def-0' } } } },
                },
              },
            },
          },
          components: { securitySchemes: { accessToken: scheme }, schemas: { 'def-0': { type: 'string' } } },
        },
      },
      {
        service: 'posts',
        document: {
          paths: {
            '/answer/api/v1/question': {
              get: {
                responses: {
                  200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/def-0' } } } },
                },
              },
            },
          },
          components: {
            securitySchemes: { accessToken: { ...scheme } },
            schemas: {
              'def-0': { type: 'object', properties: { child: { $ref: '#/components/schemas/def-0' } } },
              'def-1': { type: 'string' },
            },
          },
        },
      },
    ]);
    expect(merged.components.securitySchemes).toEqual({ accessToken: scheme });
    expect(merged.components.schemas).toEqual({
      'def-0': { type: 'string' },
      'def-1': { type: 'string' },
      'posts_def-0': { type: 'object', properties: { child: { $ref: '#/components/schemas/posts_def-0' } } },
    });
    const refOf = (path: string) => JSON.stringify(merged.paths[path]?.get?.responses).match(/"\$ref":"([^"]+)"/)?.[1];
    expect(refOf('/answer/api/v1/siteinfo')).toBe('#/components/schemas/def-0');
    expect(refOf('/answer/api/v1/question')).toBe('#/components/schemas/posts_def-0');
  });
});
