import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useTranslation } from '../i18n/use-translation';
import type { ReplyVote } from './turns';

/** Helpful / unhelpful on a reply: the member's vote shown filled; pressing it again takes it back. */
export function ReplyVotes({
  vote,
  onVote,
}: {
  vote: ReplyVote;
  onVote: (chosen: Exclude<ReplyVote, 'none'>) => void;
}) {
  const { t } = useTranslation();
  const choices = [
    { kind: 'helpful', On: ThumbUpIcon, Off: ThumbUpOutlinedIcon },
    { kind: 'unhelpful', On: ThumbDownIcon, Off: ThumbDownOutlinedIcon },
  ] as const;
  return (
    <Stack direction="row" spacing={0.5}>
      {choices.map(({ kind, On, Off }) => {
        const pressed = vote === kind;
        const label = t(`ui.assistant.${kind}`);
        return (
          <Tooltip key={kind} title={label}>
            <IconButton
              size="small"
              aria-label={label}
              aria-pressed={pressed}
              color={pressed ? 'primary' : 'default'}
              onClick={() => onVote(kind)}
              data-testid={`assistant-vote-${kind}`}
            >
              {pressed ? <On fontSize="small" /> : <Off fontSize="small" />}
            </IconButton>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
