import { type ChosenTag, queryKeys, TagSelector, tagApi, toast, useTranslation } from '@agora/kit';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** A tag's synonyms: listed, and edited with the tag selector when the server offers it. */
export function Synonyms({ tagId, tagName }: { tagId: string; tagName: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = queryKeys.synonyms(tagId);
  const synonyms = useQuery({ queryKey: key, queryFn: () => tagApi.synonyms(tagId) });
  const [editing, setEditing] = useState<ChosenTag[] | null>(null);
  const save = useMutation({
    mutationFn: (list: ChosenTag[]) =>
      tagApi.saveSynonyms(
        tagId,
        list.map(({ slug_name, display_name }) => ({ slug_name, display_name })),
      ),
    onSuccess: () => {
      setEditing(null);
      toast.success(t('ui.toast.update_success'));
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const list = synonyms.data?.synonyms ?? [];
  const canEdit = synonyms.data?.member_actions?.some((a) => a.action === 'edit');
  return (
    <Box data-testid="synonyms">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('ui.tags.synonyms')}
        </Typography>
        {canEdit && !editing ? (
          <Button size="small" onClick={() => setEditing(list)}>
            {t('ui.actions.edit')}
          </Button>
        ) : null}
        {editing ? (
          <Button size="small" variant="contained" onClick={() => save.mutate(editing)} disabled={save.isPending}>
            {t('ui.tags.save')}
          </Button>
        ) : null}
      </Box>
      {editing ? (
        <TagSelector value={editing} onChange={setEditing} unlimited />
      ) : list.length ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {list.map((s) => (
            <Chip key={s.slug_name} size="small" label={s.display_name || s.slug_name} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('ui.tags.no_synonyms', { tag: tagName })}
        </Typography>
      )}
    </Box>
  );
}
