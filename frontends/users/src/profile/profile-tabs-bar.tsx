import { Link, useTranslation } from '@agora/kit';
import { Box } from '@mui/material';
import { OWN_ONLY_TABS, PROFILE_TABS, type ProfileTab, tabPath } from './profile-tabs';

/** The profile's tab links; the member's own tabs only on their own profile. Scrolls sideways on a phone. */
export function ProfileTabBar({ username, active, own }: { username: string; active: ProfileTab; own: boolean }) {
  const { t } = useTranslation();
  const tabs = PROFILE_TABS.filter((tab) => own || !OWN_ONLY_TABS.has(tab));
  return (
    <Box
      component="nav"
      aria-label={t('ui.profile.tabs_label')}
      data-testid="profile-tabs"
      sx={{ display: 'flex', gap: 0.5, overflowX: 'auto', borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {tabs.map((tab) => {
        const current = tab === active;
        return (
          <Link
            key={tab}
            to={tabPath(username, tab)}
            underline="none"
            aria-current={current ? 'page' : undefined}
            data-tab={tab}
            sx={{
              px: 1.5,
              py: 1,
              whiteSpace: 'nowrap',
              color: current ? 'primary.main' : 'text.secondary',
              fontWeight: current ? 600 : 400,
              borderBottom: 2,
              borderColor: current ? 'primary.main' : 'transparent',
              mb: '-1px',
            }}
          >
            {t(`ui.profile.tab.${tab}`)}
          </Link>
        );
      })}
    </Box>
  );
}
