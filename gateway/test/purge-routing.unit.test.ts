import { describe, expect, it } from 'vitest';
import { matchRoute } from '../src/routing-table';

describe('the permanent delete’s route', () => {
  const route = matchRoute('/answer/admin/api/delete/permanently');
  const query = new URLSearchParams();
  const owner = (body: unknown) => route?.byRequest?.({ body: () => body, query });

  it('goes to identity for users and to posts for questions, answers and anything else', () => {
    expect(route?.area).toBe('admin');
    expect(owner({ type: 'users' })).toBe('identity');
    expect(owner({ type: 'questions' })).toBe('posts');
    expect(owner({ type: 'answers' })).toBe('posts');
    // A bad or missing type is refused, per field, by posts.
    expect(owner({ type: 'comments' })).toBe('posts');
    expect(owner(null)).toBe('posts');
  });
});
