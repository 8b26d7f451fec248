import {
  capCount,
  isExemptPath,
  Link,
  ROUTES,
  useLocation,
  useLoginState,
  useSiteInfo,
  useTranslation,
} from '@agora/kit';
import { Badge, Box, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useRedDot } from '../use-red-dot';

function Item({
  to,
  label,
  count,
  onNavigate,
}: {
  to: string;
  label: string;
  count?: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  // Account screens live under /users but are not the user list.
  const active =
    to === ROUTES.questions
      ? pathname === '/' || pathname.startsWith(to)
      : pathname.startsWith(to) && !isExemptPath(pathname);
  return (
    <ListItemButton
      component={Link}
      to={to}
      underline="none"
      color="inherit"
      selected={active}
      onClick={onNavigate}
      sx={{ borderRadius: 1 }}
    >
      <ListItemText primary={label} />
      {count ? (
        <Badge color="warning" badgeContent={capCount(count)} sx={{ mr: 1.5 }} data-testid="review-count" />
      ) : null}
    </ListItemButton>
  );
}

/**
 * Side navigation: questions, tags, users, badges, the AI assistant while the site has it on; a moderation group
 * with review for those who can revise (count capped at 99+) and admin for role 2.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const state = useLoginState();
  const dot = useRedDot();
  const aiOn = useSiteInfo().data?.ai_enabled === true;
  const canReview = dot.can_revision || state.isModerator || state.isAdmin;
  return (
    <Box component="nav" aria-label={t('ui.nav.label')} sx={{ width: 220, p: 1 }}>
      <List dense disablePadding>
        <Item to={ROUTES.questions} label={t('ui.nav.questions')} onNavigate={onNavigate} />
        <Item to={ROUTES.tags} label={t('ui.nav.tags')} onNavigate={onNavigate} />
        <Item to={ROUTES.users} label={t('ui.nav.users')} onNavigate={onNavigate} />
        <Item to={ROUTES.badges} label={t('ui.nav.badges')} onNavigate={onNavigate} />
        {aiOn ? <Item to={ROUTES.aiAssistant} label={t('ui.nav.ai_assistant')} onNavigate={onNavigate} /> : null}
      </List>
      {canReview || state.isAdmin ? (
        <List dense disablePadding subheader={<ListSubheader disableSticky>{t('ui.nav.moderation')}</ListSubheader>}>
          {canReview ? (
            <Item to={ROUTES.review} label={t('ui.nav.review')} count={dot.revision} onNavigate={onNavigate} />
          ) : null}
          {state.isAdmin ? <Item to={ROUTES.admin} label={t('ui.nav.admin')} onNavigate={onNavigate} /> : null}
        </List>
      ) : null}
    </Box>
  );
}
