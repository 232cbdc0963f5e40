import { NativeSelect } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { sortOrders, type SortOrder } from '../../../../../shared/rules/list-sort';
import { useTranslation } from '../../../lib/i18n';

const isSortOrder = (value: string | null): value is SortOrder => value !== null && (sortOrders as readonly string[]).includes(value);

/** The member's chosen order of a list (SPEC §9 sort options), kept in the address (`?sort=`); none = the team's default. */
export function useListSort(): [SortOrder | undefined, (sort: SortOrder | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('sort');
  const set = (sort: SortOrder | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (sort) next.set('sort', sort);
        else next.delete('sort');
        return next;
      },
      { replace: true },
    );
  return [isSortOrder(value) ? value : undefined, set];
}

/** A native select: one tap on a phone opens the system's picker. */
export function ListSortSelect({ value, onChange }: { value: SortOrder | undefined; onChange: (sort: SortOrder | undefined) => void }) {
  const { t } = useTranslation('videolist');
  return (
    <NativeSelect
      label={t('sort.label')}
      value={value ?? ''}
      onChange={(e) => onChange(isSortOrder(e.currentTarget.value) ? e.currentTarget.value : undefined)}
      data={[{ value: '', label: t('sort.default') }, ...sortOrders.map((order) => ({ value: order, label: t(`sort.orders.${order}`) }))]}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
