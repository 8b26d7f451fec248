import type { AnswerInfo } from '@agora/kit';
import { describe, expect, it } from 'vitest';
import { splitNewAnswers } from '../src/live/split-new-answers';

const answer = (id: string, author: string) => ({ id, user_info: { id: author } }) as unknown as AnswerInfo;

describe('new answers held back (issue 47 item 6)', () => {
  it("shows the answers known and the member's own, and holds back the others' new ones", () => {
    const list = [answer('a1', 'u1'), answer('a2', 'u2'), answer('a3', 'me'), answer('a4', 'u3')];
    const { shown, fresh } = splitNewAnswers(list, new Set(['a1']), 'me');
    expect(shown.map((a) => a.id)).toEqual(['a1', 'a3']);
    expect(fresh.map((a) => a.id)).toEqual(['a2', 'a4']);
    expect(splitNewAnswers(list, new Set(['a1']), undefined).fresh.map((a) => a.id)).toEqual(['a2', 'a3', 'a4']);
  });
});
