import { Limits } from '@agora/contracts/limits';
import { Box, Button } from '@mui/material';
import { useTranslation } from '../i18n/use-translation';
import { useLocation, withParams } from '../router/history';
import { Link } from '../router/link';
import { pageItems } from './pagination-items';

export interface PaginationProps {
  currentPage: number;
  totalSize: number;
  /** 15 by default; the question list uses 20. */
  pageSize?: number;
}

/** Page links that set the `page` query parameter. */
export function Pagination({ currentPage, totalSize, pageSize = Limits.pageSize.default }: PaginationProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const items = pageItems(currentPage, totalSize, pageSize);
  if (items.length === 0) return null;
  const link = (page: number) => withParams(location, { page: page === 1 ? null : page });
  return (
    <Box
      component="nav"
      aria-label={t('ui.pagination.label')}
      sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 2 }}
    >
      {items.map((item) => {
        if (item.kind === 'ellipsis') {
          return (
            <Box key={item.key} component="span" sx={{ px: 1, alignSelf: 'center' }}>
              …
            </Box>
          );
        }
        const label = item.kind === 'page' ? String(item.page) : t(`ui.pagination.${item.kind}`);
        const current = item.kind === 'page' && item.page === currentPage;
        return (
          <Button
            key={`${item.kind}${item.page}`}
            size="small"
            variant={current ? 'contained' : 'outlined'}
            component={Link}
            to={link(item.page)}
            underline="none"
            aria-current={current ? 'page' : undefined}
            sx={{ minWidth: 36 }}
          >
            {label}
          </Button>
        );
      })}
    </Box>
  );
}
