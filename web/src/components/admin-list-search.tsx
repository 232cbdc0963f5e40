import { Button, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SortDirection } from '../../../shared/constants';
import { useTranslation } from '../lib/i18n';

/** The heading of an admin list with its create button. */
export function AdminListHeader({ title, createLabel, createTo }: { title: string; createLabel: string; createTo: string }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Button component={Link} to={createTo} leftSection={<IconPlus size={16} aria-hidden />}>
        {createLabel}
      </Button>
    </Group>
  );
}

/** What an admin list searched by title asks its list call for. */
export interface ListSearch<S extends string> {
  /** The submitted title search; empty lists everything in `sort` order. */
  query: string;
  sort: S;
  direction: SortDirection;
}

/** An admin list's search, first by `firstSort` descending; each change also calls `restart` (back to the first page). */
export function useListSearch<S extends string>(firstSort: S, restart: () => void) {
  const [search, setSearch] = useState<ListSearch<S>>({ query: '', sort: firstSort, direction: 'desc' });
  const change = (next: ListSearch<S>) => {
    setSearch(next);
    restart();
  };
  return [search, change] as const;
}

interface AdminListSearchProps<S extends string> {
  /** The namespace of the list's strings: `list.search`, `list.searchSubmit`, `list.searchNote`, `list.sort`, `list.direction`, `sort.<sort>`, `direction.<asc|desc>`. */
  ns: string;
  sorts: readonly S[];
  value: ListSearch<S>;
  onChange: (next: ListSearch<S>) => void;
  directionDisabled?: boolean;
}

/**
 * SPEC §2/§9 search bar of an admin list: the title search (sent on submit, trimmed), the sort (off while
 * searching: results come in title order, as the note under the bar says) and the direction.
 */
export function AdminListSearch<S extends string>({ ns, sorts, value, onChange, directionDisabled }: AdminListSearchProps<S>) {
  const { t } = useTranslation(ns);
  const [text, setText] = useState(value.query);
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ ...value, query: text.trim() });
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('list.search')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" variant="default">
            {t('list.searchSubmit')}
          </Button>
          <Select
            label={t('list.sort')}
            value={value.sort}
            onChange={(v) => {
              if (v) onChange({ ...value, sort: v as S });
            }}
            data={sorts.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
            allowDeselect={false}
            disabled={!!value.query}
            w={180}
          />
          <Select
            label={t('list.direction')}
            value={value.direction}
            onChange={(v) => {
              if (v) onChange({ ...value, direction: v as SortDirection });
            }}
            data={(['desc', 'asc'] as const).map((d) => ({ value: d, label: t(`direction.${d}`) }))}
            allowDeselect={false}
            disabled={directionDisabled}
            w={140}
          />
        </Group>
      </form>
      {value.query && <Text size="sm">{t('list.searchNote')}</Text>}
    </>
  );
}
