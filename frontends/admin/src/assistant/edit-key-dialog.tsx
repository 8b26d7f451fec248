import { type ApiKeyItem, assistantAdminApi, toast, useTranslation } from '@agora/kit';
import { Typography } from '@mui/material';
import { KeyDialog, useKeyForm } from './key-form';

/** A key's new description (the key and its scope stay). */
export function EditKeyDialog({
  apiKey,
  onClose,
  onDone,
}: {
  apiKey: ApiKeyItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useKeyForm(apiKey.description);
  return (
    <KeyDialog
      title={t('ui.admin.api_keys.edit_title')}
      testId="api-key-edit"
      busy={form.busy}
      submitLabel={t('ui.admin.form.save')}
      onClose={onClose}
      onSubmit={() =>
        void form.submit(async (description) => {
          await assistantAdminApi.describeApiKey(apiKey.id, description);
          toast.success(t('ui.admin.form.saved'));
          onDone();
        })
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {apiKey.access_key}
      </Typography>
      {form.field}
    </KeyDialog>
  );
}
