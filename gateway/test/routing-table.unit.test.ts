import { describe, expect, it } from 'vitest';
import { matchRoute } from '../src/routing-table';

describe('gateway routing table', () => {
  it.each([
    ['/answer/api/v1/siteinfo', 'site'],
    ['/answer/api/v1/siteinfo/legal', 'site'],
    ['/answer/api/v1/user/login/email', 'identity'],
    ['/answer/api/v1/user/ranking', 'votes'],
    ['/answer/api/v1/user/notification/config', 'notifications'],
    ['/answer/api/v1/question/page', 'posts'],
    ['/answer/api/v1/question/similar', 'search'],
    ['/answer/api/v1/question/similar/tag', 'posts'],
    ['/answer/api/v1/question/tags', 'tags'],
    ['/answer/api/v1/revisions', 'posts'],
    ['/answer/api/v1/revisions/unreviewed', 'moderation'],
    ['/answer/api/v1/follow/tags', 'tags'],
    ['/answer/api/v1/vote/up', 'votes'],
    ['/answer/api/v1/badges', 'badges'],
    ['/answer/api/v1/badge', 'badges'],
    ['/answer/api/v1/badge/awards/page', 'badges'],
    ['/answer/api/v1/badge/user/awards/recent', 'badges'],
    ['/answer/admin/api/badges', 'badges'],
    ['/answer/admin/api/badge/status', 'badges'],
    ['/answer/api/v1/meta/reaction', 'votes'],
    ['/answer/api/v1/question/link', 'posts'],
    ['/answer/admin/api/users/page', 'identity'],
    ['/answer/admin/api/question/page', 'posts'],
    ['/answer/admin/api/siteinfo/general', 'site'],
    ['/installation/db/check', 'site'],
  ])('routes %s to %s', (path, service) => {
    expect(matchRoute(path)?.service).toBe(service);
  });

  it('knows nothing of unowned paths', () => {
    expect(matchRoute('/answer/api/v1/nope')).toBeUndefined();
    expect(matchRoute('/answer/api/v1/siteinfox')).toBeUndefined();
    expect(matchRoute('/elsewhere')).toBeUndefined();
  });

  it('sends a follow of a tag to tags and of anything else to posts', () => {
    const route = matchRoute('/answer/api/v1/follow');
    const query = new URLSearchParams();
    expect(route?.byRequest?.({ body: () => ({ object_id: '10030000000000000000001' }), query })).toBe('tags');
    expect(route?.byRequest?.({ body: () => ({ object_id: '10010000000000000000001' }), query })).toBe('posts');
    expect(route?.byRequest?.({ body: () => null, query })).toBe('posts');
  });

  it('asks whether an edit may start where the object is edited: tags for a tag, posts for a post', () => {
    const route = matchRoute('/answer/api/v1/revisions/edit/check');
    const owner = (id: string) => route?.byRequest?.({ body: () => undefined, query: new URLSearchParams({ id }) });
    expect(owner('10030000000000000000001')).toBe('tags');
    expect(owner('10010000000000000000001')).toBe('posts');
    expect(owner('10020000000000000000001')).toBe('posts');
    expect(owner('')).toBe('posts');
  });

  it('asks the service that counts an action whether its captcha is due', () => {
    const route = matchRoute('/answer/api/v1/user/action/record');
    const owner = (action: string) =>
      route?.byRequest?.({ body: () => undefined, query: new URLSearchParams({ action }) });
    expect(owner('login')).toBe('identity');
    expect(owner('e_mail')).toBe('identity');
    expect(owner('question')).toBe('posts');
    expect(owner('comment')).toBe('posts');
    expect(owner('vote')).toBe('votes');
    expect(owner('report')).toBe('moderation');
    expect(owner('search')).toBe('search');
  });
});
