import { Box } from '@mui/material';

export function TabHeading({ children }: { children: string }) {
  return (
    <Box component="h2" sx={{ m: 0, mb: 1, fontSize: 18, fontWeight: 500 }}>
      {children}
    </Box>
  );
}
