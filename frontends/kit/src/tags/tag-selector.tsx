import { Limits } from '@agora/contracts/limits';
import { Box, Button, Chip, InputBase, List, ListItemButton, ListItemText, Paper } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { tagApi } from '../api/calls/tags';
import { queryKeys } from '../api/query-keys';
import { useDebounced } from '../app/use-debounced';
import { useTranslation } from '../i18n/use-translation';
import { type ChosenTag, chooseTag, slugOf } from './tag-choice';

export interface TagSelectorProps {
  value: ChosenTag[];
  onChange: (tags: ChosenTag[]) => void;
  error?: boolean;
  helperText?: string;
  /** Tags may be added beyond the 5 of a question (the following-tags panel). */
  unlimited?: boolean;
  /** At most this many instead of a question's 5 (one: a merge's target). */
  max?: number;
}

/**
 * The tag selector: at most 5 tags; suggestions (at most 5) while typing; a tag already
 * chosen is highlighted for 2 s instead of being added twice; the add button hides at 5.
 */
export function TagSelector({ value, onChange, error, helperText, unlimited, max: most }: TagSelectorProps) {
  const { t } = useTranslation();
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState('');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const query = useDebounced(text.replace(/;/g, '').trim(), 200);
  const suggestions = useQuery({
    queryKey: queryKeys.tagSuggestions(query),
    queryFn: () => tagApi.suggest(query),
    enabled: typing && query !== '',
  });
  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), Limits.tags.duplicateHighlightMs);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const max = unlimited ? Number.POSITIVE_INFINITY : (most ?? Limits.tags.maxPerQuestion);
  const full = value.length >= max;
  const choose = (tag: ChosenTag) => {
    const result = chooseTag(value, tag, max);
    if (result.kind === 'duplicate') setHighlighted(result.slug);
    else if (result.kind === 'added') onChange(result.tags);
    setText('');
    if (value.length + 1 >= max) setTyping(false);
  };
  const list = (suggestions.data ?? []).slice(0, Limits.suggestions.tags);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      const typed = slugOf(text);
      if (!typed) return;
      const exact = list.find((s) => s.slug_name === typed);
      choose(exact ?? { slug_name: typed, display_name: text.trim() });
    } else if (event.key === 'Escape') {
      setTyping(false);
      setText('');
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <Box data-testid="tag-selector">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          p: 0.75,
          minHeight: 44,
        }}
      >
        {value.map((tag) => (
          <Chip
            key={tag.slug_name}
            label={tag.display_name || tag.slug_name}
            size="small"
            color={highlighted === tag.slug_name ? 'warning' : 'default'}
            data-testid={`tag-chip-${tag.slug_name}`}
            data-highlighted={highlighted === tag.slug_name ? 'true' : undefined}
            onDelete={() => onChange(value.filter((v) => v.slug_name !== tag.slug_name))}
          />
        ))}
        {typing && !full ? (
          <InputBase
            autoFocus
            name="tag_input"
            value={text}
            placeholder={t('ui.tags.type_tag')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setTyping(false), 200)}
            sx={{ flex: '1 1 120px', fontSize: 14 }}
          />
        ) : null}
        {!typing && !full ? (
          <Button size="small" onClick={() => setTyping(true)} data-testid="add-tag">
            + {t('ui.tags.add_tag')}
          </Button>
        ) : null}
      </Box>
      {typing && list.length > 0 ? (
        <Paper variant="outlined" sx={{ mt: 0.5, maxWidth: 360 }}>
          <List dense disablePadding data-testid="tag-suggestions">
            {list.map((tag) => (
              <ListItemButton key={tag.slug_name} onMouseDown={(e) => e.preventDefault()} onClick={() => choose(tag)}>
                <ListItemText primary={tag.display_name} secondary={tag.slug_name} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      {helperText ? (
        <Box component="p" sx={{ color: error ? 'error.main' : 'text.secondary', fontSize: 12, m: 0, mt: 0.5 }}>
          {helperText}
        </Box>
      ) : null}
    </Box>
  );
}
