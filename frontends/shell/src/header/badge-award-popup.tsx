import { BadgeIcon, navigate, notificationApi, queryKeys, ROUTES, useTranslation } from '@agora/kit';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRedDot } from '../use-red-dot';

/**
 * "You've earned a badge": the red dot's oldest unread badge award, until the member
 * closes it or opens the badge; either reads its notification, which brings the next one, if any.
 */
export function BadgeAwardPopup() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const award = useRedDot().badge_award;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!award || award.notification_id === dismissed) return null;
  const acknowledge = async (then?: () => void) => {
    setDismissed(award.notification_id);
    then?.();
    await notificationApi.markRead(award.notification_id).catch(() => undefined);
    await client.invalidateQueries({ queryKey: queryKeys.redDot() });
  };
  return (
    <Dialog open onClose={() => void acknowledge()} data-testid="badge-award-popup" maxWidth="xs" fullWidth>
      <DialogTitle sx={{ textAlign: 'center' }}>{t('ui.badges.popup_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <BadgeIcon icon={award.icon} level={award.level} size={88} />
        <Typography align="center">{t('ui.badges.popup_body', { name: award.name })}</Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Button onClick={() => void acknowledge()}>{t('ui.badges.close')}</Button>
        <Button variant="contained" onClick={() => void acknowledge(() => navigate(ROUTES.badge(award.badge_id)))}>
          {t('ui.badges.view')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
