import { navigate, useDebounced, useLocation, useSearchParams, withParams } from '@agora/kit';
import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';

/** The status a list shows (from the address parameter `param`, else the first), its page, and what was searched. */
export function useListFilters<S extends string>(statuses: readonly S[], param = 'status') {
  const search = useSearchParams();
  const wanted = search.get(param) ?? '';
  const status = (statuses as readonly string[]).includes(wanted) ? (wanted as S) : (statuses[0] as S);
  const page = Math.max(1, Number(search.get('page')) || 1);
  return { status, page, query: search.get('query') ?? '' };
}

/** The row above an admin list that holds its filters: stacked on a phone, in one line from `sm` up. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      {children}
    </Stack>
  );
}

/** The statuses a list filters by, one chosen; the choice lives in the address (`param`, left out for the first). */
export function StatusTabs<S extends string>({
  statuses,
  status,
  labelOf,
  param = 'status',
  testId,
}: {
  statuses: readonly S[];
  status: S;
  labelOf: (status: S) => string;
  param?: string;
  testId?: string;
}) {
  const location = useLocation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={status}
      onChange={(_, next: S | null) =>
        next && navigate(withParams(location, { [param]: next === statuses[0] ? null : next, page: null }))
      }
      sx={{ flexWrap: 'wrap' }}
      data-testid={testId}
    >
      {statuses.map((value) => (
        <ToggleButton key={value} value={value}>
          {labelOf(value)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The list's search box; what is typed reaches the address (`query`, back to page one) once typing pauses. */
export function SearchBox({
  label,
  helperText,
  minWidth,
  testId,
}: {
  label: string;
  helperText?: string;
  minWidth: number;
  testId?: string;
}) {
  const location = useLocation();
  const search = useSearchParams();
  const [typed, setTyped] = useState(search.get('query') ?? '');
  const query = useDebounced(typed.trim(), 300);
  useEffect(() => {
    if (query !== (search.get('query') ?? '')) navigate(withParams(location, { query: query || null, page: null }));
  }, [query, search, location]);
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      helperText={helperText}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      sx={{ ml: { sm: 'auto' }, minWidth: { sm: minWidth } }}
      slotProps={testId ? { htmlInput: { 'data-testid': testId } } : undefined}
    />
  );
}
