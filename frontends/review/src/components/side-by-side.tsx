import { type DiffPart, diffTokens, lines, words } from '@agora/kit';
import { Box, Typography } from '@mui/material';

const MARK = {
  added: { bgcolor: 'rgba(46, 160, 67, 0.2)' },
  removed: { bgcolor: 'rgba(248, 81, 73, 0.2)', textDecoration: 'line-through' },
  same: {},
} as const;

function Side({ parts, pre, testId }: { parts: DiffPart[]; pre?: boolean; testId: string }) {
  return (
    <Box
      component={pre ? 'pre' : 'div'}
      data-testid={testId}
      sx={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontFamily: pre ? 'monospace' : undefined,
        fontSize: 14,
        m: 0,
        p: 1,
        bgcolor: 'grey.50',
        borderRadius: 1,
        minWidth: 0,
      }}
    >
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
        <Box component="span" key={`${i}-${part.kind}`} sx={MARK[part.kind]} data-diff={part.kind}>
          {part.text}
        </Box>
      ))}
    </Box>
  );
}

/**
 * One field of a suggested edit side by side: what stands on the left (removed words struck through), the
 * suggestion on the right (added words marked); stacked on a narrow screen.
 */
export function SideBySide({
  label,
  before,
  after,
  by,
}: {
  label: string;
  before: string;
  after: string;
  by: 'words' | 'lines';
}) {
  const split = by === 'words' ? words : lines;
  const parts = diffTokens(split(before), split(after));
  const pre = by === 'lines';
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1 }}>
        <Side pre={pre} testId="diff-before" parts={parts.filter((p) => p.kind !== 'added')} />
        <Side pre={pre} testId="diff-after" parts={parts.filter((p) => p.kind !== 'removed')} />
      </Box>
    </Box>
  );
}
