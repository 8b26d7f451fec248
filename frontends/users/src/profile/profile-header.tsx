import {
  Avatar,
  formatCount,
  Link,
  PostHtml,
  type PublicUserInfo,
  RelativeTime,
  ROUTES,
  useTranslation,
} from '@agora/kit';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { RecentBadges } from '../badges/recent-badges';
import { SuspendedNotice } from './suspended-notice';

const PROFILE_AVATAR_SIZE = 128;

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontSize: 14, minWidth: 0 }}>
      {icon}
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function Figure({ value, label, testId }: { value: number; label: string; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography component="span" sx={{ fontWeight: 600, fontSize: 18 }}>
        {formatCount(value)}
      </Typography>{' '}
      <Typography component="span" color="text.secondary" sx={{ fontSize: 14 }}>
        {label}
      </Typography>
    </Box>
  );
}

/** A safe link for the member's website: only http(s) addresses become links. */
const webLink = (website: string) => (/^https?:\/\//i.test(website) ? website : '');

/**
 * The profile's header card: avatar, display name and username, a suspended member's notice, bio,
 * reputation and post counts, location, website, joined and last seen, the member's latest badges; an
 * edit link on one's own profile.
 */
export function ProfileHeader({ user, own }: { user: PublicUserInfo; own: boolean }) {
  const { t } = useTranslation();
  const website = webLink(user.website);
  return (
    <Box component="section" data-testid="profile-header" sx={{ mb: 3 }}>
      <SuspendedNotice user={user} />
      <Box sx={{ display: 'flex', gap: { xs: 2, md: 3 }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: '0 0 auto' }}>
          <Avatar avatar={user.avatar} name={user.display_name} size={PROFILE_AVATAR_SIZE} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="profile-name">
                {user.display_name}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                @{user.username}
              </Typography>
            </Box>
            {own ? (
              <Button
                component={Link}
                to={`${ROUTES.settings}/profile`}
                variant="outlined"
                size="small"
                startIcon={<EditOutlined />}
                underline="none"
              >
                {t('ui.profile.edit')}
              </Button>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', my: 1.5 }}>
            <Figure value={user.rank} label={t('ui.profile.reputation', { count: user.rank })} testId="profile-rank" />
            <Figure
              value={user.answer_count}
              label={t('ui.profile.answers', { count: user.answer_count })}
              testId="profile-answer-count"
            />
            <Figure
              value={user.question_count}
              label={t('ui.profile.questions', { count: user.question_count })}
              testId="profile-question-count"
            />
          </Box>
          {user.bio_html ? (
            <Box data-testid="profile-bio" sx={{ mb: 1.5 }}>
              <PostHtml html={user.bio_html} />
            </Box>
          ) : null}
          <Box
            sx={{
              display: 'flex',
              gap: { xs: 1, sm: 2.5 },
              flexWrap: 'wrap',
              flexDirection: { xs: 'column', sm: 'row' },
            }}
          >
            {user.location ? (
              <Fact icon={<LocationOnOutlined fontSize="small" />}>
                <span data-testid="profile-location">{user.location}</span>
              </Fact>
            ) : null}
            {website ? (
              <Fact icon={<LinkOutlined fontSize="small" />}>
                <Link to={website} rel="nofollow noopener" target="_blank" data-testid="profile-website">
                  {user.website.replace(/^https?:\/\//i, '')}
                </Link>
              </Fact>
            ) : null}
            <Fact icon={<CakeOutlined fontSize="small" />}>
              {t('ui.profile.joined')} <RelativeTime time={user.created_at} />
            </Fact>
            {user.last_login_date ? (
              <Fact icon={<AccessTimeOutlined fontSize="small" />}>
                {t('ui.profile.last_seen')} <RelativeTime time={user.last_login_date} />
              </Fact>
            ) : null}
          </Box>
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        <RecentBadges username={user.username} />
        <Link to={ROUTES.memberBadges(user.username)} sx={{ display: 'inline-block', mt: 1 }} data-testid="all-badges">
          {t('ui.profile.all_badges')}
        </Link>
      </Box>
    </Box>
  );
}
