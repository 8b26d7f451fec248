import { Limits } from '@agora/contracts/limits';
import {
  ApiError,
  invalidateKeys,
  Loading,
  MarkdownEditor,
  navigate,
  queryKeys,
  tagApi,
  tagPath,
  toast,
  useTranslation,
} from '@agora/kit';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTag } from '../components/use-tag';

const SLUG = /^[a-z0-9+#\-.]+$/;
type Field = 'display_name' | 'slug_name' | 'original_text' | 'edit_summary';

/**
 * /tags/create (admin or moderator) and /tags/{tagId}/edit: display name and slug (required, ≤ 35; the
 * slug a-z 0-9 + # - .), the description in the editor, and an edit summary on edits.
 */
export function TagFormPage({ params }: { params: { tagId?: string } }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = params.tagId;
  const { tag } = useTag({ id });
  const [values, setValues] = useState<Record<Field, string> | null>(
    id ? null : { display_name: '', slug_name: '', original_text: '', edit_summary: '' },
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (id && tag.data && !values) {
      setValues({
        display_name: tag.data.display_name,
        slug_name: tag.data.slug_name,
        original_text: tag.data.original_text,
        edit_summary: '',
      });
    }
  }, [id, tag.data, values]);
  if (!values) return id && !tag.isPending && !tag.data ? null : <Loading />;
  const set = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };
  const check = () => {
    const found: Partial<Record<Field, string>> = {};
    const max = Limits.tags.nameMaxLength;
    if (!values.display_name.trim()) found.display_name = t('ui.tags.name_empty');
    else if (values.display_name.trim().length > max)
      found.display_name = t('ui.form.too_long', { field: t('ui.tags.display_name'), max });
    if (!values.slug_name.trim()) found.slug_name = t('ui.tags.slug_empty');
    else if (values.slug_name.length > max)
      found.slug_name = t('ui.form.too_long', { field: t('ui.tags.slug_name'), max });
    else if (!SLUG.test(values.slug_name)) found.slug_name = t('ui.tags.slug_invalid');
    return found;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        display_name: values.display_name.trim(),
        slug_name: values.slug_name.trim(),
        original_text: values.original_text,
      };
      if (id) {
        const result = await tagApi.update({ ...body, tag_id: id, edit_summary: values.edit_summary.trim() });
        if (result.wait_for_review) toast.info(t('ui.toast.revision_after_review'));
      } else {
        await tagApi.add(body);
      }
      await invalidateKeys(client, queryKeys.tag(), queryKeys.tags());
      navigate(`${tagPath(body.slug_name)}/info`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const mapped: Partial<Record<Field, string>> = {};
      for (const f of error.fieldErrors) {
        if (f.error_field in values) mapped[f.error_field as Field] = f.error_msg;
        else setFormError(f.error_msg);
      }
      setErrors(mapped);
      if (!error.fieldErrors.length && (error.errType === 'alert' || error.status === 403)) setFormError(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ maxWidth: 900 }} data-testid="tag-form-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t(id ? 'ui.tags.edit_heading' : 'ui.tags.create_heading')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            name="display_name"
            label={t('ui.tags.display_name')}
            value={values.display_name}
            onChange={(e) => set('display_name', e.target.value)}
            error={Boolean(errors.display_name)}
            helperText={errors.display_name ?? ' '}
          />
          <TextField
            name="slug_name"
            label={t('ui.tags.slug_name')}
            value={values.slug_name}
            onChange={(e) => set('slug_name', e.target.value)}
            error={Boolean(errors.slug_name)}
            helperText={errors.slug_name ?? t('ui.tags.slug_hint', { max: Limits.tags.slugMaxLength })}
          />
          <MarkdownEditor
            name="original_text"
            value={values.original_text}
            onChange={(v) => set('original_text', v)}
            minRows={6}
          />
          {id ? (
            <TextField
              name="edit_summary"
              label={t('ui.ask.edit_summary')}
              value={values.edit_summary}
              onChange={(e) => set('edit_summary', e.target.value)}
            />
          ) : null}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {t(id ? 'ui.ask.save_edit' : 'ui.tags.create')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
