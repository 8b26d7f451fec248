import {
  captchaOn,
  ensureCanAct,
  getUser,
  ownVotes,
  PlainIconButton,
  toast,
  useAction,
  useTranslation,
  type VoteResult,
  voteApi,
  voteDeltas,
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
  // After a vote, its answer is what counts while the post's count is the one from before it (a refetch of the post
  // may still carry it); once the count moves on (another member's vote, live), the post's count is shown.
  const [mine, setMine] = useState<{ result: VoteResult; before: number } | null>(null);
  const votes = mine && props.votes === mine.before ? mine.result.votes : props.votes;
  const status = mine?.result.vote_status ?? props.status;
  const { objectId, authorId } = props;
  const vote = useAction(
    async (direction: 'up' | 'down') => {
      const cancel = status === `vote_${direction}`;
      // Its message comes back on the stream: the score is set from this answer, not added to again.
      const deltas = voteDeltas(status, cancel ? '' : `vote_${direction}`);
      ownVotes.expect(objectId, deltas);
      try {
        return await withCaptcha('vote', captchaOn(), (f) => voteApi.vote(direction, objectId, cancel, f));
      } catch (error) {
        ownVotes.forget(objectId, deltas);
        throw error;
      }
    },
    (result) => {
      setMine({ result, before: props.votes });
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
