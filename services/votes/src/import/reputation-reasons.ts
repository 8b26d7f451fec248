import { REPUTATION_REASONS, type ReputationReason } from '@agora/contracts';
import type { ImportedReputation } from '@agora/contracts/import/records';
import { voteEntryId } from '../domain/ledger/inputs';

/**
 * The source's activity keys that are Agora's reasons (the reference's own keys): an adjustment has no entry in
 * Agora's history, so a source's is not one either; the member's total is kept whatever the history adds up to.
 */
const REASONS: ReadonlySet<string> = new Set(REPUTATION_REASONS.filter((r) => r !== 'adjusted'));

/** Agora's reason for a source's activity key, or undefined when Agora has none. */
export function reasonOf(key: string): ReputationReason | undefined {
  return REASONS.has(key) ? (key as ReputationReason) : undefined;
}

const VOTED = new Set<ReputationReason>([
  'question.voted_up',
  'question.voted_down',
  'answer.voted_up',
  'answer.voted_down',
]);

/**
 * The ledger entry an imported history line is: the entry Agora's own rules name for the same act when the line says
 * enough (so that taking back an imported vote later takes back its entry), else one of its own.
 */
export function entryIdOf(entry: ImportedReputation, reason: ReputationReason): string {
  const trigger = entry.trigger_user_id;
  if (VOTED.has(reason) && trigger) return voteEntryId(reason, entry.object_id, trigger);
  if (reason === 'answer.vote_down') return voteEntryId(reason, entry.object_id, trigger ?? entry.user_id);
  if (reason === 'answer.accept' || reason === 'answer.accepted') return `${reason}:${entry.object_id}`;
  if (reason === 'user.activated' || reason === 'user.created') return `${reason}:${entry.user_id}`;
  return `imported:${reason}:${entry.user_id}:${entry.object_id}:${trigger ?? ''}:${entry.created_at}`;
}
