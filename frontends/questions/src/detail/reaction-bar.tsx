import { REACTION_EMOJIS, type ReactionEmoji } from '@agora/contracts/votes/reactions';
import { ensureCanAct, queryKeys, type ReactionSummary, reactionApi, useTranslation, useUser } from '@agora/kit';
import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import SentimentDissatisfied from '@mui/icons-material/SentimentDissatisfied';
import SentimentSatisfiedAlt from '@mui/icons-material/SentimentSatisfiedAlt';
import { Box, Chip, IconButton, Popover, Tooltip } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { withReaction } from './reaction-summary';

const ICONS: Record<ReactionEmoji, typeof FavoriteBorder> = {
  heart: FavoriteBorder,
  smile: SentimentSatisfiedAlt,
  frown: SentimentDissatisfied,
};

/**
 * A post's reactions (`meta/reaction`): a chip per emoji someone reacts with, its count, who reacted in
 * its tooltip, pressed when the member is among them (pressing toggles their reaction), and a button
 * offering the three emojis. The change shows at once and is replaced by the server's summary; a refusal
 * puts the summary back. A deleted post (`locked`) takes no new reactions.
 */
export function ReactionBar({ objectId, locked = false }: { objectId: string; locked?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const key = queryKeys.reactions(objectId);
  const [picker, setPicker] = useState<HTMLElement | null>(null);
  const summary = useQuery({ queryKey: key, queryFn: () => reactionApi.summary(objectId) });
  const react = useMutation({
    mutationFn: ({ emoji, activate }: { emoji: ReactionEmoji; activate: boolean }) =>
      reactionApi.react(objectId, emoji, activate ? 'activate' : 'deactivate'),
    onMutate: async ({ emoji, activate }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ReactionSummary>(key);
      const name = user?.display_name || user?.username || '';
      client.setQueryData<ReactionSummary>(key, withReaction(before, emoji, activate, name));
      return { before };
    },
    onError: (_error, _change, context) => client.setQueryData(key, context?.before),
    onSuccess: (result) => client.setQueryData(key, result),
  });
  const items = summary.data?.reaction_summary ?? [];
  const toggle = (emoji: ReactionEmoji) => {
    setPicker(null);
    if (!ensureCanAct()) return;
    const active = items.some((item) => item.emoji === emoji && item.is_active);
    if (!active && locked) return;
    react.mutate({ emoji, activate: !active });
  };
  const name = (emoji: string) => t(`ui.detail.reaction.${emoji}`);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mr: 1 }} data-testid="reactions">
      {items.map((item) => {
        const Icon = ICONS[item.emoji];
        return (
          <Tooltip key={item.emoji} title={item.tooltip} placement="top" arrow>
            <Chip
              size="small"
              icon={<Icon fontSize="small" />}
              label={item.count}
              color={item.is_active ? 'primary' : 'default'}
              variant={item.is_active ? 'filled' : 'outlined'}
              aria-pressed={item.is_active}
              aria-label={t('ui.detail.reaction_label', { emoji: name(item.emoji), count: item.count })}
              onClick={() => toggle(item.emoji)}
              data-testid={`reaction-${item.emoji}`}
              data-active={item.is_active}
            />
          </Tooltip>
        );
      })}
      {locked ? null : (
        <Tooltip title={t('ui.detail.add_reaction')} placement="top">
          <IconButton
            size="small"
            aria-label={t('ui.detail.add_reaction')}
            onClick={(event) => setPicker(event.currentTarget)}
            data-testid="add-reaction"
          >
            <AddReactionOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Popover
        open={Boolean(picker)}
        anchorEl={picker}
        onClose={() => setPicker(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ display: 'flex', p: 0.5 }} data-testid="reaction-picker">
          {REACTION_EMOJIS.map((emoji) => {
            const Icon = ICONS[emoji];
            const active = items.some((item) => item.emoji === emoji && item.is_active);
            return (
              <Tooltip key={emoji} title={name(emoji)}>
                <IconButton
                  aria-label={name(emoji)}
                  aria-pressed={active}
                  color={active ? 'primary' : 'default'}
                  onClick={() => toggle(emoji)}
                  data-testid={`reaction-choice-${emoji}`}
                >
                  <Icon />
                </IconButton>
              </Tooltip>
            );
          })}
        </Box>
      </Popover>
    </Box>
  );
}
