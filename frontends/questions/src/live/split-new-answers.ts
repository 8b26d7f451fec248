import type { AnswerInfo } from '@agora/kit';

/**
 * The answers the reader sees and those that came since (others', not yet shown): `known` holds the ids shown so
 * far; the member's own answers are always shown.
 */
export function splitNewAnswers(
  list: readonly AnswerInfo[],
  known: ReadonlySet<string>,
  me: string | undefined,
): { shown: AnswerInfo[]; fresh: AnswerInfo[] } {
  const shown: AnswerInfo[] = [];
  const fresh: AnswerInfo[] = [];
  for (const answer of list) {
    if (known.has(answer.id) || (me !== undefined && answer.user_info?.id === me)) shown.push(answer);
    else fresh.push(answer);
  }
  return { shown, fresh };
}
