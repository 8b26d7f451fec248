import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import { REASONS } from '@agora/contracts/moderation/reasons';

/**
 * A Stack Exchange close reason (PostHistory type 10's Comment) as a close reason of Agora's catalogue
 * (contracts/src/moderation/reasons.ts; docs/behaviour-decisions.md, "Importing a Stack Exchange dump"): a duplicate
 * is `a_duplicate` with the original's address, off-topic is the community's own rule, unclear and too broad ask for
 * details or focus, and the rest (opinion-based, too localized, …) is "something else" with the source's name.
 */
const SOURCE_REASONS: Record<string, { type: number; name: string }> = {
  '1': { type: REASONS.a_duplicate.type, name: 'exact duplicate' },
  '101': { type: REASONS.a_duplicate.type, name: 'duplicate' },
  '2': { type: REASONS.community_specific.type, name: 'off-topic' },
  '102': { type: REASONS.community_specific.type, name: 'off-topic' },
  '4': { type: REASONS.not_clarity.type, name: 'not a real question' },
  '103': { type: REASONS.not_clarity.type, name: 'needs details or clarity' },
  '104': { type: REASONS.not_clarity.type, name: 'needs more focus' },
  '3': { type: REASONS.something.type, name: 'subjective and argumentative' },
  '7': { type: REASONS.something.type, name: 'too localized' },
  '10': { type: REASONS.something.type, name: 'general reference' },
  '20': { type: REASONS.something.type, name: 'noise or pointless' },
  '105': { type: REASONS.something.type, name: 'opinion-based' },
};

export function closeReasonOf(
  sourceReason: string | null,
  originalQuestion: string | null,
): { close_type: number; close_msg: string } {
  const known = sourceReason === null ? undefined : SOURCE_REASONS[sourceReason.trim()];
  if (!known) {
    const what = sourceReason ? `reason ${sourceReason}` : 'no reason given';
    return { close_type: REASONS.something.type, close_msg: `Closed on Stack Exchange (${what}).` };
  }
  if (known.type === REASONS.a_duplicate.type)
    return {
      close_type: known.type,
      close_msg: originalQuestion ? `/questions/${idFromNumber('question', originalQuestion)}` : '',
    };
  if (known.type === REASONS.something.type)
    return { close_type: known.type, close_msg: `Closed on Stack Exchange as ${known.name}.` };
  return { close_type: known.type, close_msg: '' };
}

/** The original a duplicate closure names in its Text (`{"OriginalQuestionIds":[12],…}`), when it does. */
export function originalOfClosure(text: string | null): string | null {
  return text ? (/"OriginalQuestionIds"\s*:\s*\[\s*(\d{1,18})/.exec(text)?.[1] ?? null) : null;
}
