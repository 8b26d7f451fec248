import { Box, Button, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type ToolName = 'heading' | 'bold' | 'italic' | 'code' | 'link' | 'quote' | 'image' | 'ol' | 'ul' | 'hr';

/** The toolbar and its shortcuts (Ctrl-B, I, K, L, Q, G, H, O, U, R). */
export const TOOLS: { name: ToolName; key: string; glyph: string }[] = [
  { name: 'heading', key: 'h', glyph: 'H' },
  { name: 'bold', key: 'b', glyph: 'B' },
  { name: 'italic', key: 'i', glyph: 'I' },
  { name: 'code', key: 'k', glyph: '</>' },
  { name: 'link', key: 'l', glyph: '🔗' },
  { name: 'quote', key: 'q', glyph: '❝' },
  { name: 'image', key: 'g', glyph: '🖼' },
  { name: 'ol', key: 'o', glyph: '1.' },
  { name: 'ul', key: 'u', glyph: '•' },
  { name: 'hr', key: 'r', glyph: '—' },
];

export function Toolbar({ onTool }: { onTool: (name: ToolName) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="toolbar"
      aria-label={t('ui.editor.toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {TOOLS.map((tool) => (
        <Tooltip key={tool.name} title={`${t(`ui.editor.${tool.name}`)} (Ctrl+${tool.key.toUpperCase()})`}>
          <Button
            size="small"
            color="inherit"
            aria-label={t(`ui.editor.${tool.name}`)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onTool(tool.name)}
            sx={{
              minWidth: 34,
              fontWeight: tool.name === 'bold' ? 700 : 400,
              fontStyle: tool.name === 'italic' ? 'italic' : 'normal',
            }}
          >
            {tool.glyph}
          </Button>
        </Tooltip>
      ))}
    </Box>
  );
}
