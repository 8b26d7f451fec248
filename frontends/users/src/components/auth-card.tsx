import { Alert, Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The frame of every account screen: a title and a narrow card. */
export function AuthCard({
  title,
  testId,
  error,
  children,
}: {
  title: string;
  testId: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ maxWidth: 420, mx: 'auto', py: { xs: 3, md: 6 }, px: 2 }} data-testid={testId}>
      <Typography variant="h5" component="h1" align="center" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
        {children}
      </Paper>
    </Box>
  );
}

/** A screen that only tells something (results, processing states). */
export function Notice({ title, testId, children }: { title: string; testId: string; children?: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 520, mx: 'auto', py: { xs: 4, md: 8 }, px: 2, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
