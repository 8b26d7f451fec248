import { useTranslation } from '@agora/kit';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One step of the wizard: its title with an icon, an alert for what failed, its fields and its buttons. */
export function StepFrame({
  icon,
  title,
  testId,
  error,
  onBack,
  next,
  children,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  error?: string;
  onBack?: () => void;
  /** The primary button: its label, whether it is busy or disabled, what it does. */
  next?: { label: string; disabled?: boolean; onClick?: () => void; submit?: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        {icon}
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} role="alert">
          {error}
        </Alert>
      ) : null}
      {children}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        {onBack ? <Button onClick={onBack}>{t('ui.install.back')}</Button> : null}
        {next ? (
          <Button
            variant="contained"
            type={next.submit ? 'submit' : 'button'}
            disabled={next.disabled}
            onClick={next.onClick}
          >
            {next.label}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
