import { Limits } from '@agora/contracts/limits';
import { Box, Button, List, ListItemButton, ListItemText, Paper, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { postApi } from '../api/calls/posts';
import { queryKeys } from '../api/query-keys';
import { useDebounced } from '../app/use-debounced';
import { useTranslation } from '../i18n/use-translation';
import { completeMention, mentionAt } from './mentions';

const { minLength: MIN, maxLength: MAX } = Limits.comment;

/** The comment box: 2 to 600 characters, with @mention suggestions (at most 5) while typing a handle. */
export function CommentForm({
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement>(null);
  const caretAfter = useRef<number | null>(null);
  const [text, setText] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const mention = mentionAt(text, caret);
  const query = useDebounced(mention?.query ?? '', 200);
  const candidates = useQuery({
    queryKey: queryKeys.userSearch(query),
    queryFn: () => postApi.mentionCandidates(query),
    enabled: Boolean(mention) && query !== '',
  });
  const suggestions = mention && query ? (candidates.data ?? []).slice(0, Limits.suggestions.mentions) : [];

  useLayoutEffect(() => {
    if (caretAfter.current === null || !input.current) return;
    input.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  });

  const pick = (username: string) => {
    if (!mention) return;
    const next = completeMention(text, mention.start, caret, username);
    setText(next.text);
    setCaret(next.caret);
    caretAfter.current = next.caret;
    input.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const length = text.trim().length;
    if (length < MIN || length > MAX) {
      setError(t('ui.comments.length', { min: MIN, max: MAX }));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(text.trim());
    } catch {
      // handled by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ my: 1 }} data-testid="comment-form">
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        size="small"
        name="comment"
        inputRef={input}
        value={text}
        placeholder={t('ui.comments.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
          setError('');
        }}
        onSelect={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart ?? 0)}
        error={Boolean(error)}
        helperText={error || undefined}
      />
      {suggestions.length > 0 ? (
        <Paper variant="outlined" sx={{ maxWidth: 320, mt: 0.5 }}>
          <List dense disablePadding data-testid="mention-suggestions">
            {suggestions.map((user) => (
              <ListItemButton key={user.id} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(user.username)}>
                <ListItemText primary={user.display_name} secondary={`@${user.username}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" size="small" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('ui.dialog.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
