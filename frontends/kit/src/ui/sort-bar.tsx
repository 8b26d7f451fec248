import { Button, ButtonGroup, Menu, MenuItem, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { navigate, useLocation, withParams } from '../router/history';

export interface SortOption {
  value: string;
  label: string;
}

export interface SortBarProps {
  options: SortOption[];
  /** The active sort; the first option when absent. */
  value?: string;
  param?: string;
}

/**
 * Sort buttons setting the `sort` query parameter and clearing `page`; with more than 3
 * options the extra ones go into a 'more' menu on small screens.
 */
export function SortBar({ options, value, param = 'sort' }: SortBarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = value ?? options[0]?.value;
  const visible = small && options.length > 3 ? options.slice(0, 3) : options;
  const extra = small && options.length > 3 ? options.slice(3) : [];
  const choose = (option: SortOption) => {
    setAnchor(null);
    navigate(withParams(location, { [param]: option.value, page: null }));
  };
  const activeExtra = extra.find((o) => o.value === active);
  return (
    <ButtonGroup size="small" aria-label={t('ui.sort.label')}>
      {visible.map((option) => (
        <Button
          key={option.value}
          variant={option.value === active ? 'contained' : 'outlined'}
          onClick={() => choose(option)}
        >
          {option.label}
        </Button>
      ))}
      {extra.length > 0 ? (
        <Button variant={activeExtra ? 'contained' : 'outlined'} onClick={(e) => setAnchor(e.currentTarget)}>
          {activeExtra?.label ?? t('ui.sort.more')}
        </Button>
      ) : null}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {extra.map((option) => (
          <MenuItem key={option.value} selected={option.value === active} onClick={() => choose(option)}>
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </ButtonGroup>
  );
}
