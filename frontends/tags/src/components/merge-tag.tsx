import { ApiError, type ChosenTag, navigate, queryKeys, TagSelector, tagApi, toast, useTranslation } from '@agora/kit';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

/**
 * The tag page's "Merge" action (offered by the server's `merge` member action: moderators and admins): a dialog
 * choosing the tag to merge into with the tag picker, then `tag/merge`, then the tag list.
 */
export function MergeTag({ tag }: { tag: { tag_id: string; slug_name: string; display_name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<CallMergeIcon />} onClick={() => setOpen(true)} data-testid="merge-tag">
        {t('ui.tags.merge')}
      </Button>
      {open ? <MergeDialog tag={tag} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function MergeDialog({
  tag,
  onClose,
}: {
  tag: { tag_id: string; slug_name: string; display_name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [target, setTarget] = useState<ChosenTag[]>([]);
  const [error, setError] = useState('');
  const merge = useMutation({
    mutationFn: async (chosen: ChosenTag) => {
      // The picker names tags by slug; the merge takes ids. A slug no tag has is said so here.
      const [known] = await tagApi.basic(chosen.slug_name);
      if (!known) throw new Error(t('ui.tags.merge_unknown', { tag: chosen.slug_name }));
      await tagApi.merge(tag.tag_id, known.tag_id);
      return known;
    },
    onSuccess: async (known) => {
      toast.success(t('ui.tags.merged', { tag: tag.display_name, target: known.display_name }));
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.tag() }),
        client.invalidateQueries({ queryKey: queryKeys.tags() }),
        client.invalidateQueries({ queryKey: queryKeys.questions() }),
      ]);
      navigate('/tags');
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.fieldErrors[0]?.error_msg : undefined;
      setError(field ?? failure.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [chosen] = target;
    if (!chosen) return setError(t('ui.tags.merge_pick'));
    merge.mutate(chosen);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate data-testid="merge-dialog">
        <DialogTitle>{t('ui.tags.merge_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('ui.tags.merge_hint', { tag: tag.display_name })}
          </Typography>
          <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            {t('ui.tags.merge_target')}
          </Typography>
          <TagSelector
            value={target}
            max={1}
            onChange={(tags) => {
              setTarget(tags);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('ui.dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={merge.isPending} data-testid="merge-confirm">
            {t('ui.tags.merge')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
