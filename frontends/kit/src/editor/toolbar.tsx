import Code from '@mui/icons-material/Code';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import HorizontalRule from '@mui/icons-material/HorizontalRule';
import Image from '@mui/icons-material/Image';
import InsertLink from '@mui/icons-material/InsertLink';
import Title from '@mui/icons-material/Title';
import { Box, Button, type SvgIcon, Tooltip } from '@mui/material';
import { useTranslation } from '../i18n/use-translation';

export type ToolName = 'heading' | 'bold' | 'italic' | 'code' | 'link' | 'quote' | 'image' | 'ol' | 'ul' | 'hr';

/** The toolbar and its shortcuts (Ctrl-B, I, K, L, Q, G, H, O, U, R). */
export const TOOLS: { name: ToolName; key: string; Icon: typeof SvgIcon }[] = [
  { name: 'heading', key: 'h', Icon: Title },
  { name: 'bold', key: 'b', Icon: FormatBold },
  { name: 'italic', key: 'i', Icon: FormatItalic },
  { name: 'code', key: 'k', Icon: Code },
  { name: 'link', key: 'l', Icon: InsertLink },
  { name: 'quote', key: 'q', Icon: FormatQuote },
  { name: 'image', key: 'g', Icon: Image },
  { name: 'ol', key: 'o', Icon: FormatListNumbered },
  { name: 'ul', key: 'u', Icon: FormatListBulleted },
  { name: 'hr', key: 'r', Icon: HorizontalRule },
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
            sx={{ minWidth: 34 }}
          >
            <tool.Icon fontSize="small" />
          </Button>
        </Tooltip>
      ))}
    </Box>
  );
}
