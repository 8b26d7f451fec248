import { Limits } from '@agora/contracts/limits';
import {
  answerApi,
  captchaOn,
  dialogs,
  ensureCanAct,
  invalidateKeys,
  MarkdownEditor,
  queryKeys,
  useLoginState,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { clearDraft, DRAFT_KEYS, loadDraft, useDraftSaving } from '../form/drafts';
import { useLeaveGuard } from '../form/leave-guard';

/** The write-answer box: the editor, at least 6 characters, a draft per question, the captcha flow. */
export function AnswerForm({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { isLogged } = useLoginState();
  const draftKey = DRAFT_KEYS.answer(questionId);
  const [content, setContent] = useState(() => loadDraft<string>(draftKey) ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useDraftSaving(isLogged ? draftKey : null, content, !content.trim());
  useLeaveGuard(content.trim() !== '' && !busy);
  const discard = () =>
    dialogs.confirm(t('ui.ask.discard_confirm'), () => {
      clearDraft(draftKey);
      setContent('');
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ensureCanAct()) return;
    if (content.trim().length < Limits.answer.minLength) {
      setError(t('ui.detail.answer_min', { min: Limits.answer.minLength }));
      return;
    }
    setBusy(true);
    try {
      await withCaptcha('answer', captchaOn(), (fields) =>
        answerApi.add({ question_id: questionId, content, ...fields }),
      );
      clearDraft(draftKey);
      setContent('');
      await invalidateKeys(client, queryKeys.questionInfos(), queryKeys.answerPages(), queryKeys.linkedQuestionLists());
    } catch {
      // the API client has shown what went wrong
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }} data-testid="answer-form">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ui.detail.your_answer')}
      </Typography>
      <MarkdownEditor
        name="answer"
        value={content}
        onChange={(v) => {
          setContent(v);
          setError('');
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('ui.detail.post_answer')}
        </Button>
        {content ? (
          <Button color="inherit" onClick={discard}>
            {t('ui.ask.discard')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
