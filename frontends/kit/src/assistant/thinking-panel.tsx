import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import { Box, Button, Collapse, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * The model's reasoning behind a reply, folded: open on its own while the model is still thinking (nothing of the
 * reply has come yet), then as the member leaves it.
 */
export function ThinkingPanel({ reasoning, thinking }: { reasoning: string; thinking: boolean }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? thinking;
  const panel = useId();
  return (
    <Box data-testid="assistant-thinking" sx={{ mb: 1 }}>
      <Button
        size="small"
        color="inherit"
        onClick={() => setChosen(!open)}
        aria-expanded={open}
        aria-controls={panel}
        startIcon={<PsychologyOutlinedIcon fontSize="small" />}
        endIcon={
          <ExpandMoreIcon
            fontSize="small"
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        }
        sx={{ color: 'text.secondary', textTransform: 'none', px: 1 }}
      >
        {t(thinking ? 'ui.assistant.thinking_now' : 'ui.assistant.thinking')}
      </Button>
      <Collapse in={open}>
        <Typography
          id={panel}
          component="div"
          variant="body2"
          color="text.secondary"
          data-testid="assistant-thinking-text"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            borderLeft: 3,
            borderColor: 'divider',
            pl: 1.5,
            ml: 1,
          }}
        >
          {reasoning}
        </Typography>
      </Collapse>
    </Box>
  );
}
