import { Limits } from '@agora/contracts/limits';
import {
  ApiError,
  answerApi,
  CaptchaCancelled,
  captchaOn,
  ErrorPage,
  invalidateKeys,
  Link,
  Loading,
  MarkdownEditor,
  navigate,
  PostHtml,
  queryKeys,
  questionPath,
  toast,
  usePermalink,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLeaveGuard } from '../form/leave-guard';

/** /posts/{qid}/{aid}/edit: the answer (loaded first; the edit action is needed) with an edit summary. */
export function EditAnswerPage({ params }: { params: { questionId: string; answerId: string } }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const permalink = usePermalink();
  const { questionId, answerId } = params;
  const loaded = useQuery({ queryKey: queryKeys.answerInfo(answerId), queryFn: () => answerApi.info(answerId) });
  const [content, setContent] = useState<string | null>(null);
  const [summary, setSummary] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loaded.data && content === null) setContent(loaded.data.info.content);
  }, [loaded.data, content]);
  const leave = useLeaveGuard(Boolean(loaded.data && content !== null && content !== loaded.data.info.content));
  if (loaded.isPending || (loaded.data && content === null)) return <Loading />;
  if (!loaded.data || content === null) return null;
  const { info, question } = loaded.data;
  if (!info.member_actions?.some((a) => a.action === 'edit')) return <ErrorPage code="403" />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (content.trim().length < Limits.answer.minLength) {
      setError(t('ui.detail.answer_min', { min: Limits.answer.minLength }));
      return;
    }
    setBusy(true);
    try {
      const result = await withCaptcha('edit', captchaOn(), (fields) =>
        answerApi.update({ id: answerId, question_id: questionId, content, edit_summary: summary.trim(), ...fields }),
      );
      leave.release();
      if (result.wait_for_review) toast.info(t('ui.toast.revision_after_review'));
      await invalidateKeys(client, queryKeys.answerPages(), queryKeys.answerInfos(), queryKeys.linkedQuestionLists());
      navigate(questionPath(permalink, question.id, question.url_title, answerId));
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.length) setError(failure.fieldErrors[0]?.error_msg ?? '');
      else if (!(failure instanceof CaptchaCancelled) && !(failure instanceof ApiError)) throw failure;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ maxWidth: 900 }} data-testid="edit-answer-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('ui.ask.edit_answer_heading')}
      </Typography>
      <Alert severity="info" icon={false} sx={{ mb: 2 }}>
        <Link to={questionPath(permalink, question.id, question.url_title)}>{question.title}</Link>
        <Box sx={{ maxHeight: 160, overflow: 'auto', mt: 1 }}>
          <PostHtml html={question.html} />
        </Box>
      </Alert>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <MarkdownEditor
            name="content"
            value={content}
            onChange={(v) => {
              setContent(v);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error}
          />
          <TextField
            name="edit_summary"
            label={t('ui.ask.edit_summary')}
            value={summary}
            onChange={(e) => setSummary(e.target.value)}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('ui.ask.save_edit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
