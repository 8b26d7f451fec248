import { Limits } from '@agora/contracts/limits';
import {
  captchaOn,
  dialogs,
  navigate,
  queryKeys,
  questionApi,
  questionPath,
  tagApi,
  usePermalink,
  useSearchParams,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clearDraft, DRAFT_KEYS, loadDraft, useDraftSaving } from '../form/drafts';
import { useLeaveGuard } from '../form/leave-guard';
import { EMPTY_QUESTION, isBlank, type QuestionValues } from '../form/question-fields';
import { QuestionFormView } from '../form/question-form';

/**
 * /questions/ask (activated users): the question form, its draft kept in local storage (saved 3 s after
 * the last change, restored on return, discarded after confirmation); `?tags=` preselects a tag page's tag.
 */
export function AskPage() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const permalink = usePermalink();
  const [values, setValues] = useState<QuestionValues>(
    () => loadDraft<QuestionValues>(DRAFT_KEYS.question) ?? EMPTY_QUESTION,
  );
  const preset = params.get('tags');
  const presetTags = useQuery({
    queryKey: queryKeys.tagsBySlug(preset ?? ''),
    queryFn: () => tagApi.basic(preset ?? ''),
    enabled: Boolean(preset) && values.tags.length === 0,
  });
  useEffect(() => {
    if (presetTags.data?.length)
      setValues((v) => (v.tags.length ? v : { ...v, tags: presetTags.data.slice(0, Limits.tags.maxPerQuestion) }));
  }, [presetTags.data]);
  useDraftSaving(DRAFT_KEYS.question, values, isBlank(values));
  const leave = useLeaveGuard(!isBlank(values));
  const discard = () =>
    dialogs.confirm(t('ui.ask.discard_confirm'), () => {
      clearDraft(DRAFT_KEYS.question);
      setValues(EMPTY_QUESTION);
    });
  const submit = async (v: QuestionValues, withAnswer: boolean) => {
    const body = {
      title: v.title.trim(),
      content: v.content,
      tags: v.tags.map(({ slug_name, display_name }) => ({ slug_name, display_name })),
    };
    const question = await withCaptcha('question', captchaOn(), async (fields) =>
      withAnswer
        ? (await questionApi.askWithAnswer({ ...body, answer_content: v.answer, ...fields })).question
        : questionApi.ask({ ...body, ...fields }),
    );
    clearDraft(DRAFT_KEYS.question);
    leave.release();
    navigate(questionPath(permalink, question.id, question.url_title));
  };
  return (
    <Box sx={{ maxWidth: 900 }} data-testid="ask-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('ui.ask.heading')}
      </Typography>
      <QuestionFormView
        mode="ask"
        values={values}
        onChange={setValues}
        onSubmit={submit}
        extra={
          isBlank(values) ? null : (
            <Button color="inherit" onClick={discard} data-testid="discard-draft">
              {t('ui.ask.discard')}
            </Button>
          )
        }
      />
    </Box>
  );
}
