import { Link, Loading, PostHtml, RelativeTime, tagPath, useLoginState, useTranslation } from '@agora/kit';
import { Box, Divider, Typography } from '@mui/material';
import { Synonyms } from '../components/synonyms';
import { useTag } from '../components/use-tag';

/** /tags/{tagName}/info: the tag wiki, its synonyms, and links to edit it and to its timeline. */
export function TagInfoPage({ params }: { params: { tagName: string } }) {
  const { t } = useTranslation();
  const { isLogged } = useLoginState();
  const { tag } = useTag({ name: params.tagName });
  if (tag.isPending) return <Loading />;
  if (!tag.data) return null;
  const info = tag.data;
  const canEdit = info.member_actions?.some((a) => a.action === 'edit');
  return (
    <Box sx={{ maxWidth: 900 }} data-testid="tag-info-page">
      <Typography variant="h5" component="h1">
        <Link to={tagPath(info.slug_name)}>{info.display_name}</Link>
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('ui.tags.created')} <RelativeTime time={info.created_at} />
        {info.updated_at ? (
          <>
            {' · '}
            {t('ui.tags.edited')} <RelativeTime time={info.updated_at} />
          </>
        ) : null}
      </Typography>
      <Box sx={{ my: 2 }}>
        {info.parsed_text ? (
          <PostHtml html={info.parsed_text} testId="tag-wiki" />
        ) : (
          <Typography color="text.secondary">{t('ui.tags.no_description')}</Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        {canEdit || isLogged ? <Link to={`/tags/${info.tag_id}/edit`}>{t('ui.actions.edit')}</Link> : null}
        {isLogged ? <Link to={`/tags/${info.tag_id}/timeline`}>{t('ui.detail.timeline')}</Link> : null}
      </Box>
      <Divider sx={{ mb: 2 }} />
      <Synonyms tagId={info.tag_id} tagName={info.display_name} />
    </Box>
  );
}
