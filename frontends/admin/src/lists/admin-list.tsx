import { Loading, Pagination } from '@agora/kit';
import { Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One column of an admin list: its heading and what each row shows in it. */
export interface ListColumn<Row> {
  id: string;
  label: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  /** The narrowest screen that shows the column; narrower ones leave it out. */
  from?: 'sm' | 'md';
  /** The widest the column's cells grow (a long title wraps). */
  maxWidth?: number;
}

/** What the list's query answered: one page of rows and how many there are in all. */
export interface ListPage<Row> {
  list: Row[];
  count: number;
}

/** How many rows an admin list shows a page. */
export const LIST_PAGE_SIZE = 20;

const shownFrom = (from: ListColumn<unknown>['from']) =>
  from ? { display: { xs: 'none', [from]: 'table-cell' } } : {};

/**
 * The frame of every admin list page (contents, flags, users): the title with the page's own buttons beside it,
 * its filters, the table of one page of rows with each row's actions in the last column, and the pager. Each page
 * gives only its filters, columns and actions.
 */
export function AdminList<Row>({
  title,
  toolbar,
  filters,
  data,
  page,
  columns,
  rowId,
  actions,
  actionsLabel,
  empty,
  error,
  testId,
}: {
  title: string;
  /**
   * The page's own buttons, in a row beside the title: adding members, or an action on the whole list shown (a
   * page passes it only for the filter it belongs to, e.g. `status === 'deleted' ? <Button …/> : undefined`).
   */
  toolbar?: ReactNode;
  filters: ReactNode;
  data: ListPage<Row> | undefined;
  page: number;
  columns: readonly ListColumn<Row>[];
  /** Each row's id and the `data-*` attribute the row carries it in (`data-question`, ...). */
  rowId: { attribute: `data-${string}`; of: (row: Row) => string };
  /** The row's actions (a menu, buttons), right-aligned in the last column. */
  actions: (row: Row) => ReactNode;
  actionsLabel?: string;
  empty: { text: string; testId?: string };
  /** Shown instead of the table when the list could not be read (with a way to try again). */
  error?: ReactNode;
  testId: string;
}) {
  const heading = (
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
  );
  return (
    <Stack spacing={2}>
      {toolbar ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {heading}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {toolbar}
          </Stack>
        </Stack>
      ) : (
        heading
      )}
      {filters}
      {error ? (
        error
      ) : !data ? (
        <Loading />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={shownFrom(column.from)}>
                    {column.label}
                  </TableCell>
                ))}
                <TableCell>{actionsLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.list.map((row) => (
                <TableRow key={rowId.of(row)} {...{ [rowId.attribute]: rowId.of(row) }}>
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={{ ...shownFrom(column.from), ...(column.maxWidth ? { maxWidth: column.maxWidth } : {}) }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell align="right">{actions(row)}</TableCell>
                </TableRow>
              ))}
              {data.list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length + 1}>
                    <Typography color="text.secondary" data-testid={empty.testId}>
                      {empty.text}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Paper>
      )}
      {data && !error ? <Pagination currentPage={page} totalSize={data.count} pageSize={LIST_PAGE_SIZE} /> : null}
    </Stack>
  );
}
