import { ActionIcon, Combobox, Group, Input, Loader, Paper, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { useTranslation } from '../lib/i18n';
import type { ItemSource, PickerItem } from '../lib/item-source';

interface CommonProps {
  source: ItemSource;
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  placeholder?: string;
  /** Ids the list must not offer (e.g. the item being edited). */
  exclude?: readonly string[];
}

export interface SingleItemPickerProps extends CommonProps {
  value: string | null;
  onChange: (id: string | null) => void;
}

const SEARCH_DELAY_MS = 300;

/** The titles of `ids`, resolved once per id set (titles learnt from searches are used first). */
function useTitles(source: ItemSource, ids: readonly string[], known: Record<string, string>) {
  const missing = ids.filter((id) => !(id in known));
  const resolved = useSWR(missing.length ? ['item-picker/resolve', source.kind, ...missing] : null, () => source.resolve(missing), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  const titles = useMemo(() => {
    const map = { ...known };
    for (const item of resolved.data ?? []) map[item.id] = item.title;
    return map;
  }, [known, resolved.data]);
  return { titles, loading: missing.length > 0 && resolved.isLoading, failed: !!resolved.error };
}

/** The search box and its dropdown of results, as both pickers use it. */
function SearchBox({ source, label, description, error, withAsterisk, placeholder, exclude, onPick }: CommonProps & { onPick: (item: PickerItem) => void }) {
  const { t } = useTranslation('common');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [opened, setOpened] = useState(false);
  const combobox = useCombobox({ onDropdownClose: () => setOpened(false), onDropdownOpen: () => setOpened(true) });
  const results = useSWR(opened ? ['item-picker/search', source.kind, debounced] : null, () => source.search(debounced), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  const items = (results.data ?? []).filter((item) => !exclude?.includes(item.id));
  const searching = results.isLoading || (opened && text.trim() !== debounced);
  const firstId = items[0]?.id;
  // The first result is the active option, so typing then Enter picks it.
  const { selectFirstOption } = combobox;
  useEffect(() => {
    if (opened && firstId) selectFirstOption();
  }, [opened, firstId, selectFirstOption]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const item = items.find((i) => i.id === id);
        if (item) onPick(item);
        setText('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          description={description}
          error={error}
          withAsterisk={withAsterisk}
          placeholder={placeholder ?? t('itemPicker.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={searching ? <Loader size={14} aria-label={t('itemPicker.searching')} /> : null}
          value={text}
          autoComplete="off"
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          // Enter picks the active result (Combobox does that); it never submits the whole form.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {results.error ? (
            <Combobox.Empty>
              <Text size="sm" c="red" role="alert">
                {t('itemPicker.error')}
              </Text>
            </Combobox.Empty>
          ) : items.length ? (
            items.map((item) => (
              <Combobox.Option value={item.id} key={item.id}>
                {item.title}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{results.data ? (debounced ? t('itemPicker.noMatch', { text: debounced }) : t('itemPicker.empty')) : t('itemPicker.searching')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function ChosenRow({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={6}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}

/** A searchable choice of one item by its title; the chosen one shows its title and a named remove button. */
export function SingleItemPicker({ value, onChange, ...props }: SingleItemPickerProps) {
  const { t } = useTranslation('common');
  const [known, setKnown] = useState<Record<string, string>>({});
  const ids = useMemo(() => (value ? [value] : []), [value]);
  const { titles, loading, failed } = useTitles(props.source, ids, known);
  const title = value ? (titles[value] ?? (loading ? t('loading') : failed ? t('itemPicker.resolveError') : t('itemPicker.missing'))) : undefined;

  return (
    <Stack gap={6}>
      <SearchBox
        {...props}
        exclude={[...(props.exclude ?? []), ...ids]}
        onPick={(item) => {
          setKnown((k) => ({ ...k, [item.id]: item.title }));
          onChange(item.id);
        }}
      />
      <div aria-live="polite">
        {value && title !== undefined ? (
          <ChosenRow title={title}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('itemPicker.remove', { title })} onClick={() => onChange(null)}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </ChosenRow>
        ) : (
          <Input.Description>{t('itemPicker.none')}</Input.Description>
        )}
      </div>
    </Stack>
  );
}
