import { Limits } from '@agora/contracts/limits';
import {
  Avatar,
  BADGE_LEVEL_COLOURS,
  type BadgeAwardItem,
  BadgeIcon,
  badgeApi,
  badgeLevelName,
  Link,
  Loading,
  Pagination,
  queryKeys,
  questionPath,
  RelativeTime,
  ROUTES,
  usePermalink,
  useSearchParams,
  useTranslation,
} from '@agora/kit';
import { Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** One award: the member (to their badges), when, and the post it was earned on. */
function AwardRow({ award }: { award: BadgeAwardItem }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  const member = award.author_user_info;
  const post = award.question_id
    ? questionPath(permalink, award.question_id, award.url_title, award.answer_id || undefined)
    : null;
  return (
    <Box
      data-testid="badge-award"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <Avatar avatar={member.avatar} name={member.display_name} size={32} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {member.username ? (
          <Link to={ROUTES.memberBadges(member.username)} sx={{ fontWeight: 500 }}>
            {member.display_name}
          </Link>
        ) : (
          <Typography component="span" color="text.secondary">
            {member.display_name}
          </Typography>
        )}
        {post ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            <Link to={post} color="inherit">
              {award.answer_id ? t('ui.badges.for_answer') : t('ui.badges.for_question')}
            </Link>
          </Typography>
        ) : null}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        <RelativeTime time={award.created_at} />
      </Typography>
    </Box>
  );
}

/** /badges/:badgeId: the badge, what earns it, the member's own count, and who earned it, newest first. */
export function BadgeDetailPage({ params: { badgeId } }: { params: { badgeId: string } }) {
  const { t } = useTranslation();
  const page = Math.max(1, Number(useSearchParams().get('page')) || 1);
  const badge = useQuery({ queryKey: queryKeys.badgeInfo(badgeId), queryFn: () => badgeApi.info(badgeId) });
  const awards = useQuery({
    queryKey: queryKeys.badgeAwards(badgeId, page),
    queryFn: () => badgeApi.awards(badgeId, page),
    placeholderData: keepPreviousData,
    enabled: badge.isSuccess,
  });
  if (badge.isPending) return <Loading />;
  if (!badge.data) return null;
  const info = badge.data;
  const level = badgeLevelName(info.level);
  return (
    <Box data-testid="badge-detail" data-badge={info.id}>
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <BadgeIcon icon={info.icon} level={info.level} size={72} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              {info.name}
            </Typography>
            <Typography sx={{ my: 0.5 }}>{info.description}</Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              <Chip
                size="small"
                label={t(`ui.badges.level.${level}`)}
                sx={{ bgcolor: `${BADGE_LEVEL_COLOURS[info.level]}22`, color: BADGE_LEVEL_COLOURS[info.level] }}
              />
              <Chip
                size="small"
                variant="outlined"
                label={info.is_single ? t('ui.badges.once') : t('ui.badges.repeat')}
              />
              <Chip size="small" variant="outlined" label={t('ui.badges.awarded', { count: info.award_count })} />
              {info.earned_count > 0 ? (
                <Chip
                  size="small"
                  color="success"
                  label={t('ui.badges.earned_times', { count: info.earned_count })}
                  data-testid="badge-earned"
                />
              ) : null}
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ui.badges.awards_heading')}
      </Typography>
      {awards.data?.count === 0 ? <Typography color="text.secondary">{t('ui.badges.no_awards')}</Typography> : null}
      <Box data-testid="badge-awards">
        {awards.data?.list.map((award, i) => (
          <Box key={`${award.author_user_info.id}-${award.object_id}-${award.created_at}`}>
            {i > 0 ? <Divider /> : null}
            <AwardRow award={award} />
          </Box>
        ))}
      </Box>
      <Pagination currentPage={page} totalSize={awards.data?.count ?? 0} pageSize={Limits.badges.awardsPageSize} />
    </Box>
  );
}
