import {
  captchaOn,
  ensureCanAct,
  getUser,
  PlainIconButton,
  toast,
  useAction,
  useTranslation,
  type VoteResult,
  voteApi,
  withCaptcha,
} from '@agora/kit';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
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
  const vote = useAction(
    (direction: 'up' | 'down') =>
      withCaptcha('vote', captchaOn(), (fields) =>
        voteApi.vote(direction, objectId, status === `vote_${direction}`, fields),
      ),
    (result) => {
      setMine(result);
      props.onVoted(result);
    },
  );
  const press = (direction: 'up' | 'down') => {
    if (!ensureCanAct()) return;
    if (getUser()?.id === authorId) {
      toast.danger(t('ui.messages.vote_own_post'));
      return;
    }
    vote.run(direction);
  };
  return (
    <div className="ag-votes" data-testid="votes">
      <PlainIconButton
        icon={KeyboardArrowUp}
        aria-label={t('ui.detail.vote_up')}
        aria-pressed={status === 'vote_up'}
        primary={status === 'vote_up'}
        onClick={() => press('up')}
        disabled={vote.pending || props.locked === true}
        data-testid="vote-up"
      />
      <span className="ag-h6" data-testid="vote-count">
        {votes}
      </span>
      <PlainIconButton
        icon={KeyboardArrowDown}
        aria-label={t('ui.detail.vote_down')}
        aria-pressed={status === 'vote_down'}
        primary={status === 'vote_down'}
        onClick={() => press('down')}
        disabled={vote.pending || props.locked === true}
        data-testid="vote-down"
      />
    </div>
  );
}
