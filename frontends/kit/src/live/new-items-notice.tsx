import Refresh from '@mui/icons-material/Refresh';
import { Box, Button } from '@mui/material';

/**
 * "N new answers" / "N new questions": what others added while the reader reads, shown when they ask rather than
 * moving the page under them. `sticky`: it stays at the foot of the window while its section is on screen.
 */
export function NewItemsNotice({
  label,
  onShow,
  testId,
  sticky = false,
}: {
  label: string | null;
  onShow: () => void;
  testId: string;
  sticky?: boolean;
}) {
  return (
    <Box
      aria-live="polite"
      sx={{ my: label ? 1 : 0, ...(sticky ? { position: 'sticky', bottom: 16, zIndex: 2 } : {}) }}
    >
      {label ? (
        <Button
          fullWidth
          variant={sticky ? 'contained' : 'outlined'}
          size="small"
          startIcon={<Refresh />}
          onClick={onShow}
          data-testid={testId}
          sx={{ textTransform: 'none', bgcolor: sticky ? undefined : 'background.paper' }}
        >
          {label}
        </Button>
      ) : null}
    </Box>
  );
}
