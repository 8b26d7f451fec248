import { Limits } from '@agora/contracts/limits';
import { useTranslation } from '@agora/kit';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';

/** Copies `text` to the clipboard; "Copied" shows beside it for a moment. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), Limits.timing.copiedTipMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Tooltip
      title={copied ? t('ui.toast.copied') : label}
      open={copied || hovered}
      onOpen={() => setHovered(true)}
      onClose={() => setHovered(false)}
      placement="top"
    >
      <IconButton aria-label={label} onClick={() => void copy()} edge="end" size="small" data-testid={testId}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
