import { objectTypeOf } from '@agora/contracts';
import { REASONS } from '@agora/contracts/moderation/reasons';
import { longIdOf } from '@agora/platform';

/**
 * The Stack Exchange close reason (PostHistory type 10's Comment) nearest to an Agora close reason: the reverse of
 * the reader's table (launcher/src/import/stackexchange/close-reasons.ts). Agora's "something else" with its own
 * words is what Stack Exchange files under off-topic with a custom reason.
 */
const SE_REASONS: Record<number, string> = {
  [REASONS.a_duplicate.type]: '101',
  [REASONS.community_specific.type]: '102',
  [REASONS.not_clarity.type]: '103',
  [REASONS.something.type]: '102',
};

export const DUPLICATE_REASON = '101';

export function dumpCloseReason(closeType: number): string {
  return SE_REASONS[closeType] ?? '102';
}

/** The question a duplicate closure's message names (`/questions/<id>`, in a whole URL or not, long id or short). */
export function originalQuestionOf(closeMessage: string): string | undefined {
  const id = longIdOf(/\/questions\/([0-9A-Za-z]+)/.exec(closeMessage)?.[1] ?? '');
  return id && objectTypeOf(id) === 'question' ? id : undefined;
}
