import {
  captchaOn,
  ErrorPage,
  invalidateKeys,
  Loading,
  navigate,
  queryKeys,
  questionApi,
  questionPath,
  toast,
  usePermalink,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLeaveGuard } from '../form/leave-guard';
import { EMPTY_QUESTION, type QuestionValues } from '../form/question-fields';
import { QuestionFormView } from '../form/question-form';

/**
 * /posts/{qid}/edit: the question form with its current revision and an edit summary. An edit that
 * must be reviewed says 'your revision will show after review'. Without the edit action: 403.
 */
export function EditQuestionPage({ params }: { params: { questionId: string } }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const permalink = usePermalink();
  const id = params.questionId;
  const question = useQuery({ queryKey: queryKeys.questionInfo(id), queryFn: () => questionApi.info(id) });
  const [values, setValues] = useState<QuestionValues | null>(null);
  const [summary, setSummary] = useState('');
  useEffect(() => {
    if (question.data && !values) {
      const q = question.data;
      setValues({ ...EMPTY_QUESTION, title: q.title, content: q.content, tags: q.tags });
    }
  }, [question.data, values]);
  const q = question.data;
  const dirty = Boolean(q && values && (values.title !== q.title || values.content !== q.content || summary));
  const leave = useLeaveGuard(dirty);
  if (question.isPending || (q && !values)) return <Loading />;
  if (!q || !values) return null;
  if (!q.member_actions?.some((a) => a.action === 'edit')) return <ErrorPage code="403" />;
  const submit = async (v: QuestionValues) => {
    const result = await withCaptcha('edit', captchaOn(), (fields) =>
      questionApi.update({
        id,
        title: v.title.trim(),
        content: v.content,
        tags: v.tags.map(({ slug_name, display_name }) => ({ slug_name, display_name })),
        edit_summary: summary.trim(),
        ...fields,
      }),
    );
    leave.release();
    if (result.wait_for_review) toast.info(t('ui.toast.revision_after_review'));
    await invalidateKeys(client, queryKeys.questionInfo(id), queryKeys.linkedQuestionLists());
    navigate(questionPath(permalink, id, result.url_title || q.url_title));
  };
  return (
    <Box sx={{ maxWidth: 900 }} data-testid="edit-question-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('ui.ask.edit_heading')}
      </Typography>
      <QuestionFormView
        mode="edit"
        values={values}
        onChange={setValues}
        summary={summary}
        onSummary={setSummary}
        onSubmit={submit}
      />
    </Box>
  );
}
