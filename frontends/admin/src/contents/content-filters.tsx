import { useTranslation } from '@agora/kit';
import { FilterBar, SearchBox, StatusTabs } from '../lists/list-filters';

/** The status filter and the search box of the questions and answers lists; both live in the address. */
export function ContentFilters<S extends string>({
  statuses,
  status,
  label,
}: {
  statuses: readonly S[];
  status: S;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <FilterBar>
      <StatusTabs
        statuses={statuses}
        status={status}
        labelOf={(value) => t(`ui.admin.contents.status_${value}`)}
        testId="content-filters"
      />
      <SearchBox label={label} helperText={t('ui.admin.contents.search_help')} minWidth={260} testId="content-search" />
    </FilterBar>
  );
}
