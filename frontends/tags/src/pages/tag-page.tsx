import { Link, Loading, navigate, QuestionList, useTranslation } from '@agora/kit';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { FollowButton } from '../components/follow-button';
import { MergeTag } from '../components/merge-tag';
import { useTag } from '../components/use-tag';

/**
 * /tags/{tagName}: the tag's excerpt, follow button and info link (and the merge action where the server offers
 * it) over its question list.
 */
export function TagPage({ params }: { params: { tagName: string } }) {
  const { t } = useTranslation();
  const name = params.tagName;
  const { tag, patch } = useTag({ name });
  if (tag.isPending) return <Loading />;
  if (!tag.data) return null;
  const info = tag.data;
  const canMerge = info.member_actions.some((a) => a.action === 'merge');
  return (
    <Box data-testid="tag-page">
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h5" component="p" sx={{ mb: 1 }}>
            {info.display_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {info.excerpt || t('ui.tags.no_description')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <FollowButton
              tagId={info.tag_id}
              following={info.is_follower}
              onChange={(f) => patch({ is_follower: f, follow_count: info.follow_count + (f ? 1 : -1) })}
            />
            <Typography variant="caption" color="text.secondary">
              {t('ui.tags.followers', { count: info.follow_count })}
            </Typography>
            <Link to={`/tags/${encodeURIComponent(info.slug_name)}/info`} variant="body2">
              {t('ui.tags.info')}
            </Link>
            {canMerge ? <MergeTag tag={info} /> : null}
            <Box sx={{ flex: 1 }} />
            <Button
              size="small"
              variant="contained"
              onClick={() => navigate(`/questions/ask?tags=${encodeURIComponent(info.slug_name)}`)}
            >
              {t('ui.header.add_question')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <QuestionList
        tag={info.main_tag_slug_name || info.slug_name}
        title={t('ui.tags.tagged', { tag: info.display_name })}
      />
    </Box>
  );
}
