import {
  captchaOn,
  ensureCanAct,
  getUser,
  toast,
  useTranslation,
  type VoteResult,
  voteApi,
  withCaptcha,
} from '@agora/kit';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { Box, IconButton, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Up and down votes: pressing the active vote again sends is_cancel, so it toggles; one's own
 * post is refused ('You can't vote for your own post'); the answer sets the count and the active vote.
 */
export function VoteButtons(props: {
  objectId: string;
  authorId: string;
  votes: number;
  status: string;
  onVoted: (result: VoteResult) => void;
  /** A post held for review takes no votes until a moderator approves it. */
  locked?: boolean;
}) {
  const { t } = useTranslation();
  // After a vote, its answer is what counts: a refetch of the post may still carry the count from before.
  const [mine, setMine] = useState<VoteResult | null>(null);
  const votes = mine?.votes ?? props.votes;
  const status = mine?.vote_status ?? props.status;
  const { objectId, authorId } = props;
  const vote = useMutation({
    mutationFn: (direction: 'up' | 'down') =>
      withCaptcha('vote', captchaOn(), (fields) =>
        voteApi.vote(direction, objectId, status === `vote_${direction}`, fields),
      ),
    onSuccess: (result) => {
      setMine(result);
      props.onVoted(result);
    },
  });
  const press = (direction: 'up' | 'down') => {
    if (!ensureCanAct()) return;
    if (getUser()?.id === authorId) {
      toast.danger(t('ui.messages.vote_own_post'));
      return;
    }
    vote.mutate(direction);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 48 }} data-testid="votes">
      <IconButton
        aria-label={t('ui.detail.vote_up')}
        aria-pressed={status === 'vote_up'}
        color={status === 'vote_up' ? 'primary' : 'default'}
        onClick={() => press('up')}
        disabled={vote.isPending || props.locked === true}
        data-testid="vote-up"
      >
        <KeyboardArrowUp />
      </IconButton>
      <Typography variant="h6" component="span" data-testid="vote-count">
        {votes}
      </Typography>
      <IconButton
        aria-label={t('ui.detail.vote_down')}
        aria-pressed={status === 'vote_down'}
        color={status === 'vote_down' ? 'primary' : 'default'}
        onClick={() => press('down')}
        disabled={vote.isPending || props.locked === true}
        data-testid="vote-down"
      >
        <KeyboardArrowDown />
      </IconButton>
    </Box>
  );
}
