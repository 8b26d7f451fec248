import { REACTION_EMOJIS, type ReactionEmoji } from '@agora/contracts/votes/reactions';
import {
  ensureCanAct,
  PlainIconButton,
  queryKeys,
  type ReactionSummary,
  reactionApi,
  useHydrated,
  useTranslation,
  useUser,
} from '@agora/kit';
import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import SentimentDissatisfied from '@mui/icons-material/SentimentDissatisfied';
import SentimentSatisfiedAlt from '@mui/icons-material/SentimentSatisfiedAlt';
import { Box, Chip, IconButton, Popover, Tooltip } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { withReaction } from './reaction-summary';

const ICONS: Record<ReactionEmoji, typeof FavoriteBorder> = {
  heart: FavoriteBorder,
  smile: SentimentSatisfiedAlt,
  frown: SentimentDissatisfied,
};

/**
 * A post's reactions. Nobody's reactions are read on the server (a page draws one bar per post): it draws the bar
 * with its add button, and the browser reads them once it has hydrated.
 */
export function ReactionBar(props: { objectId: string; locked?: boolean }) {
  if (useHydrated()) return <LiveReactionBar {...props} />;
  return (
    <div className="ag-reactions" data-testid="reactions">
      {props.locked ? null : <AddReactionButton />}
    </div>
  );
}

/** The button that offers the emojis (the picker opens from it). */
function AddReactionButton({ onClick }: { onClick?: (event: MouseEvent<HTMLButtonElement>) => void }) {
  const { t } = useTranslation();
  return (
    <PlainIconButton
      icon={AddReactionOutlined}
      small
      aria-label={t('ui.detail.add_reaction')}
      onClick={onClick}
      data-testid="add-reaction"
    />
  );
}

/**
 * A post's reactions (`meta/reaction`): a chip per emoji someone reacts with, its count, who reacted in
 * its tooltip, pressed when the member is among them (pressing toggles their reaction), and a button
 * offering the three emojis. The change shows at once and is replaced by the server's summary; a refusal
 * puts the summary back. A deleted post (`locked`) takes no new reactions.
 */
function LiveReactionBar({ objectId, locked = false }: { objectId: string; locked?: boolean }) {
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
    // Bare elements, and the picker exists only while open; a chip (with who reacted in its tooltip) only where
    // someone did (docs/adr/0083-plain-post-parts.md).
    <div className="ag-reactions" data-testid="reactions">
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
      {locked ? null : <AddReactionButton onClick={(event) => setPicker(event.currentTarget)} />}
      {picker ? (
        <Popover
          open
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
      ) : null}
    </div>
  );
}
