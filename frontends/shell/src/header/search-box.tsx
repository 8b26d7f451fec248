import { navigate, SearchIcon, useLocation, useTranslation } from '@agora/kit';
import { InputAdornment, InputBase } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';

/** Submits to /search?q=; refilled from q on the search page and cleared when leaving it. */
export function SearchBox({ light }: { light: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const onSearch = location.pathname === '/search';
  const q = onSearch ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) navigate(`/search?q=${encodeURIComponent(text.trim())}`);
  };
  return (
    <form onSubmit={submit} style={{ flex: '1 1 auto', maxWidth: 420 }}>
      <InputBase
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('ui.header.search_placeholder')}
        inputProps={{ 'aria-label': t('ui.header.search_placeholder') }}
        startAdornment={
          <InputAdornment position="start" sx={{ color: 'inherit' }}>
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        sx={{
          width: '100%',
          px: 1.5,
          py: 0.25,
          borderRadius: 1,
          color: 'inherit',
          bgcolor: light ? 'grey.100' : 'rgba(255,255,255,0.15)',
          '& input::placeholder': { color: 'inherit', opacity: 0.75 },
        }}
      />
    </form>
  );
}
