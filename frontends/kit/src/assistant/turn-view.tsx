import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from '../i18n/use-translation';
import { ReplyBody } from './reply-body';
import { ReplyVotes } from './reply-votes';
import { ThinkingPanel } from './thinking-panel';
import { type ChatReply, type ChatTurn, type ReplyVote, splitReply } from './turns';

/** The member's question, on the right. */
function Question({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Typography
        component="div"
        data-testid="assistant-question"
        sx={{
          maxWidth: '85%',
          bgcolor: 'action.selected',
          borderRadius: 2,
          px: 1.5,
          py: 1,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/**
 * The assistant's reply: its reasoning folded, its text as Markdown, how it stands, and the member's vote (on a reply
 * with something to judge: not on a failure alone).
 */
function Reply({ reply, onVote }: { reply: ChatReply; onVote?: (chosen: Exclude<ReplyVote, 'none'>) => void }) {
  const { t } = useTranslation();
  const streaming = reply.state === 'streaming';
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <AutoAwesomeIcon color="primary" fontSize="small" sx={{ mt: 0.75 }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }} data-testid="assistant-reply" data-state={reply.state}>
        {reply.reasoning ? <ThinkingPanel reasoning={reply.reasoning} thinking={streaming && !reply.content} /> : null}
        {reply.content ? <ReplyBody content={reply.content} growing={streaming} /> : null}
        {streaming ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
            <CircularProgress size={14} color="inherit" />
            <Typography variant="body2">
              {t(reply.content ? 'ui.assistant.answering' : 'ui.assistant.searching')}
            </Typography>
          </Stack>
        ) : null}
        {reply.state === 'stopped' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="assistant-stopped">
            {t('ui.assistant.stopped')}
          </Typography>
        ) : null}
        {onVote && reply.stored && !streaming && splitReply(reply.content).body.trim() ? (
          <Box sx={{ mt: 0.5, ml: -0.75 }}>
            <ReplyVotes vote={reply.vote} onVote={onVote} />
          </Box>
        ) : null}
      </Box>
    </Stack>
  );
}

/** One turn of a conversation; `onVote` lets the member vote on its reply (the admins' view has none). */
export function TurnView({
  turn,
  onVote,
}: {
  turn: ChatTurn;
  onVote?: (replyId: string, current: ReplyVote, chosen: Exclude<ReplyVote, 'none'>) => void;
}) {
  const { reply } = turn;
  return (
    <Stack spacing={1.5} data-testid="assistant-turn">
      {turn.question ? <Question text={turn.question} /> : null}
      <Reply reply={reply} onVote={onVote ? (chosen) => onVote(reply.id, reply.vote, chosen) : undefined} />
    </Stack>
  );
}
