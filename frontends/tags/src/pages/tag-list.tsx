import { Limits } from '@agora/contracts/limits';
import {
  Link,
  Loading,
  navigate,
  Pagination,
  queryKeys,
  SortBar,
  tagApi,
  tagPath,
  useDebounced,
  useLoginState,
  useSearchParams,
  useTranslation,
} from '@agora/kit';
import { Box, Button, Card, CardContent, InputBase, Typography } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FollowButton } from '../components/follow-button';
import { TAG_SORTS as SORTS } from '../server/tag-sorts';

/** /tags: sorts popular, name, newest; a filter by name; cards with follow buttons; 15 a page. */
export function TagListPage() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const client = useQueryClient();
  const state = useLoginState();
  const sort = SORTS.find((s) => s === params.get('sort')) ?? 'popular';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [filter, setFilter] = useState('');
  const name = useDebounced(filter.trim(), 300);
  const query = { page, page_size: Limits.pageSize.default, query_cond: sort, slug_name: name || undefined };
  const tags = useQuery({
    queryKey: queryKeys.tagPage(query),
    queryFn: () => tagApi.page(query),
    placeholderData: keepPreviousData,
  });
  return (
    <Box data-testid="tag-list">
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {t('ui.tags.heading')}
        </Typography>
        {state.isAdmin || state.isModerator ? (
          <Button variant="outlined" size="small" onClick={() => navigate('/tags/create')}>
            {t('ui.tags.create')}
          </Button>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <InputBase
          name="tag_filter"
          placeholder={t('ui.tags.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1, minWidth: 220 }}
        />
        <SortBar value={sort} options={SORTS.map((s) => ({ value: s, label: t(`ui.tags.sort.${s}`) }))} />
      </Box>
      {tags.isPending ? <Loading /> : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}>
        {tags.data?.list.map((tag) => (
          <Card key={tag.tag_id} variant="outlined" data-testid="tag-card">
            <CardContent>
              <Link to={tagPath(tag.slug_name)} variant="subtitle1" sx={{ fontWeight: 600 }}>
                {tag.display_name}
              </Link>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  my: 1,
                  minHeight: 40,
                  overflow: 'hidden',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                }}
              >
                {tag.excerpt || tag.original_text}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('ui.tags.questions', { count: tag.question_count })}
                </Typography>
                <FollowButton
                  tagId={tag.tag_id}
                  following={tag.is_follower}
                  onChange={() => void client.invalidateQueries({ queryKey: queryKeys.tagPages() })}
                />
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
      {tags.data?.count === 0 ? <Typography color="text.secondary">{t('ui.tags.none')}</Typography> : null}
      <Pagination currentPage={page} totalSize={tags.data?.count ?? 0} />
    </Box>
  );
}
