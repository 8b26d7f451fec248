import { ApiError, CaptchaCancelled, MarkdownEditor, TagSelector, useTranslation } from '@agora/kit';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { checkQuestion, type QuestionValues } from './question-fields';
import { SimilarQuestions } from './similar-questions';

export type FieldErrors = Partial<Record<keyof QuestionValues | 'edit_summary', string>>;

/** Server field errors onto the form; the rest as the form's message. */
export function mapFailure(error: unknown, setErrors: (e: FieldErrors) => void, setFormError: (m: string) => void) {
  if (error instanceof CaptchaCancelled) return;
  if (!(error instanceof ApiError)) throw error;
  const mapped: FieldErrors = {};
  for (const field of error.fieldErrors) {
    const name = field.error_field === 'answer_content' ? 'answer' : field.error_field;
    if (['title', 'content', 'tags', 'answer', 'edit_summary'].includes(name))
      mapped[name as keyof FieldErrors] = field.error_msg;
    else setFormError(field.error_msg);
  }
  setErrors(mapped);
  if (error.fieldErrors.length === 0 && (error.errType === 'alert' || error.status === 403))
    setFormError(error.message);
}

/**
 * The question form of ask and edit: title with similar questions, the editor, the tag
 * selector, and an own answer (ask) or the edit summary (edit).
 */
export function QuestionFormView({
  values,
  onChange,
  mode,
  summary,
  onSummary,
  onSubmit,
  extra,
}: {
  values: QuestionValues;
  onChange: (values: QuestionValues) => void;
  mode: 'ask' | 'edit';
  summary?: string;
  onSummary?: (summary: string) => void;
  onSubmit: (values: QuestionValues, withAnswer: boolean) => Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [withAnswer, setWithAnswer] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<QuestionValues>) => {
    onChange({ ...values, ...change });
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(change).map((k) => [k, undefined])) }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const found = checkQuestion(values, withAnswer, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values, withAnswer);
    } catch (error) {
      mapFailure(error, setErrors, setFormError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid={`${mode}-form`}>
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box>
          <TextField
            fullWidth
            name="title"
            label={t('ui.ask.title')}
            placeholder={t('ui.ask.title_placeholder')}
            value={values.title}
            onChange={(e) => set({ title: e.target.value })}
            error={Boolean(errors.title)}
            helperText={errors.title ?? ' '}
          />
          {mode === 'ask' ? <SimilarQuestions title={values.title} /> : null}
        </Box>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('ui.ask.body')}
          </Typography>
          <MarkdownEditor
            name="content"
            value={values.content}
            onChange={(content) => set({ content })}
            error={Boolean(errors.content)}
            helperText={errors.content}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('ui.ask.tags')}
          </Typography>
          <TagSelector
            value={values.tags}
            onChange={(tags) => set({ tags })}
            error={Boolean(errors.tags)}
            helperText={errors.tags ?? t('ui.ask.tags_hint')}
          />
        </Box>
        {mode === 'edit' && onSummary ? (
          <TextField
            fullWidth
            name="edit_summary"
            label={t('ui.ask.edit_summary')}
            placeholder={t('ui.ask.edit_summary_placeholder')}
            value={summary ?? ''}
            onChange={(e) => onSummary(e.target.value)}
            error={Boolean(errors.edit_summary)}
            helperText={errors.edit_summary ?? ' '}
          />
        ) : null}
        {mode === 'ask' ? (
          <FormControlLabel
            control={<Checkbox checked={withAnswer} onChange={(e) => setWithAnswer(e.target.checked)} />}
            label={t('ui.ask.answer_own')}
          />
        ) : null}
        {withAnswer ? (
          <MarkdownEditor
            name="answer"
            value={values.answer}
            onChange={(answer) => set({ answer })}
            error={Boolean(errors.answer)}
            helperText={errors.answer}
            noPreview
          />
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t(mode === 'ask' ? (withAnswer ? 'ui.ask.post_both' : 'ui.ask.post') : 'ui.ask.save_edit')}
          </Button>
          {extra}
        </Box>
      </Stack>
    </Box>
  );
}
