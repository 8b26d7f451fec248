import { type AdminAiConversationItem, assistantAdminApi, toast, useTranslation } from '@agora/kit';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';

/** Deleting a conversation, once confirmed: its questions and replies go for good, from the log too. */
export function DeleteConversationDialog({
  item,
  onClose,
  onDone,
}: {
  item: AdminAiConversationItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const remove = () => {
    setBusy(true);
    assistantAdminApi
      .deleteAiConversation(item.id)
      .then(() => {
        toast.success(t('ui.admin.ai_conversations.deleted'));
        onDone();
      })
      // The API client shows why it failed.
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="ai-conversation-delete-confirm">
      <DialogTitle>{t('ui.admin.ai_conversations.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {t('ui.admin.ai_conversations.delete_text', { topic: item.topic, name: item.user_info.display_name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ui.admin.form.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={remove}
          disabled={busy}
          data-testid="ai-conversation-delete-yes"
        >
          {t('ui.admin.ai_conversations.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
