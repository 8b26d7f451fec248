import { REACTION_EMOJIS, type ReactionEmoji } from '@agora/contracts/votes/reactions';
import type { ReactionSummary } from '@agora/kit';

/**
 * The summary as it will be once the member's reaction is in (an optimistic update, replaced by the
 * server's answer): the emoji's count and `is_active` change, an emoji nobody reacts with any more leaves
 * the list, a new one joins it in the order of `REACTION_EMOJIS` with the member's name as its tooltip.
 */
export function withReaction(
  summary: ReactionSummary | undefined,
  emoji: ReactionEmoji,
  activate: boolean,
  memberName: string,
): ReactionSummary {
  const items = summary?.reaction_summary ?? [];
  const current = items.find((item) => item.emoji === emoji);
  if (Boolean(current?.is_active) === activate) return { reaction_summary: items };
  const changed = current
    ? { ...current, count: current.count + (activate ? 1 : -1), is_active: activate }
    : { emoji, count: 1, is_active: true, tooltip: memberName };
  const others = items.filter((item) => item.emoji !== emoji);
  const next = changed.count > 0 ? [...others, changed] : others;
  const rank = (e: ReactionEmoji) => REACTION_EMOJIS.indexOf(e);
  return { reaction_summary: next.sort((a, b) => rank(a.emoji) - rank(b.emoji)) };
}
