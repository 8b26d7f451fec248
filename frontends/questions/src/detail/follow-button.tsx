import { ensureCanAct, followApi, useTranslation } from '@agora/kit';
import Notifications from '@mui/icons-material/Notifications';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';

/** Follow or unfollow a question: its followers hear of new answers, edits and comments. */
export function FollowQuestionButton({
  questionId,
  following,
  count,
  onChange,
}: {
  questionId: string;
  following: boolean;
  count: number;
  onChange: (following: boolean, count: number) => void;
}) {
  const { t } = useTranslation();
  const toggle = useMutation({
    mutationFn: () => followApi.follow(questionId, following),
    onSuccess: (result) => onChange(result.is_followed, result.follows),
  });
  return (
    <Button
      size="small"
      color={following ? 'primary' : 'inherit'}
      aria-pressed={following}
      onClick={() => ensureCanAct() && toggle.mutate()}
      disabled={toggle.isPending}
      startIcon={following ? <Notifications /> : <NotificationsNone />}
      data-testid="follow-question"
    >
      {t(following ? 'ui.detail.following' : 'ui.detail.follow')} {count > 0 ? count : ''}
    </Button>
  );
}
