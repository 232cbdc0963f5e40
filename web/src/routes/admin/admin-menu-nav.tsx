import { CloseButton, NavLink, Stack, Text, TextInput } from '@mantine/core';
import {
  IconChartPie,
  IconDots,
  IconMail,
  IconSearch,
  IconSettings,
  IconShoppingCart,
  IconStack2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import {
  ADMIN_MENU_OPEN_STORAGE_KEY,
  ADMIN_MENU_SEARCH_THRESHOLD,
  groupAdminMenu,
  menuMatches,
  parseOpenSections,
  sectionOfPath,
  type AdminMenuGroupKey,
} from './admin-menu';

/** One menu entry as admin-routes.ts lists it (`adminNav`), already filtered to what the administrator may open. */
export interface AdminMenuEntry {
  key: string;
  path: string;
  icon: Icon;
}

const sectionIcons: Record<AdminMenuGroupKey, Icon> = {
  contents: IconStack2,
  feedback: IconChartPie,
  members: IconUsers,
  mail: IconMail,
  sales: IconShoppingCart,
  site: IconSettings,
  other: IconDots,
};

const readRemembered = (): AdminMenuGroupKey[] => {
  try {
    return parseOpenSections(localStorage.getItem(ADMIN_MENU_OPEN_STORAGE_KEY));
  } catch {
    return [];
  }
};

/** Remembers that the administrator opened or closed a section (storage may be unavailable: then it is not remembered). */
const remember = (key: AdminMenuGroupKey, open: boolean) => {
  try {
    const rest = readRemembered().filter((k) => k !== key);
    localStorage.setItem(ADMIN_MENU_OPEN_STORAGE_KEY, JSON.stringify(open ? [...rest, key] : rest));
  } catch {
    // Private modes may refuse storage; the menu still works for this page.
  }
};

/**
 * The admin menu: the dashboard alone on top, then collapsible sections (admin-menu.ts's table). The section of the
 * current page opens on load and on every navigation; the sections the administrator opened stay open (remembered
 * per browser). With many entries a search box on top lists the matches flat, each with its section's name.
 */
export function AdminMenu({ entries, onNavigate }: { entries: readonly AdminMenuEntry[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const current = sectionOfPath(entries, pathname);
  const [open, setOpen] = useState<ReadonlySet<AdminMenuGroupKey>>(() => new Set([...readRemembered(), ...(current ? [current] : [])]));
  // On every navigation the current page's section opens (adjusted while rendering: no flash of a closed section).
  const [openedFor, setOpenedFor] = useState(pathname);
  if (openedFor !== pathname) {
    setOpenedFor(pathname);
    if (current && !open.has(current)) setOpen(new Set([...open, current]));
  }

  const { top, sections } = groupAdminMenu(entries);
  const sectionLabel = (key: AdminMenuGroupKey) => t(`admin:menu.sections.${key}`);
  const searchable = entries.length > ADMIN_MENU_SEARCH_THRESHOLD;
  const searching = searchable && query.trim() !== '';
  // Matches by the entry's label or its section's name, in the language shown; flat, each with its section's name.
  const groups: { key?: AdminMenuGroupKey; entries: AdminMenuEntry[] }[] = [{ entries: top }, ...sections];
  const results = searching
    ? groups.flatMap(({ key, entries: groupEntries }) =>
        groupEntries
          .filter((entry) => menuMatches(query, t(`admin:nav.${entry.key}`), key ? sectionLabel(key) : ''))
          .map((entry) => ({ entry, section: key })),
      )
    : [];

  const toggle = (key: AdminMenuGroupKey) => {
    const next = new Set(open);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpen(next);
    remember(key, next.has(key));
  };

  const picked = () => {
    setQuery('');
    onNavigate();
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      setQuery('');
    } else if (event.key === 'Enter' && results[0] && !event.nativeEvent.isComposing) {
      // Enter opens the first match (not while an IME is still converting the word).
      event.preventDefault();
      navigate(results[0].entry.path);
      picked();
    }
  };

  const entryLink = (entry: AdminMenuEntry, description?: string) => {
    const Icon = entry.icon;
    return (
      <NavLink
        key={entry.key}
        component={Link}
        to={entry.path}
        label={t(`admin:nav.${entry.key}`)}
        description={description}
        leftSection={<Icon size={18} aria-hidden />}
        active={pathname === entry.path || pathname.startsWith(`${entry.path}/`)}
        aria-current={pathname === entry.path ? 'page' : undefined}
        onClick={picked}
      />
    );
  };

  return (
    <Stack gap={0}>
      {top.map((entry) => entryLink(entry))}
      {searchable && (
        <TextInput
          my="xs"
          size="sm"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onSearchKey}
          placeholder={t('admin:menu.searchPlaceholder')}
          aria-label={t('admin:menu.search')}
          aria-controls={resultsId}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={query !== '' ? <CloseButton size="sm" aria-label={t('admin:menu.clear')} onClick={() => setQuery('')} /> : null}
          // The browser's own clear cross would double ours.
          styles={{ input: { WebkitAppearance: 'none' } }}
        />
      )}
      <div id={resultsId}>
        {searching ? (
          results.length > 0 ? (
            <>
              <Text size="xs" c="dimmed" px="sm" py={4} aria-live="polite">
                {t('admin:menu.results', { count: results.length })}
              </Text>
              {results.map(({ entry, section }) => entryLink(entry, section && sectionLabel(section)))}
            </>
          ) : (
            <Text size="sm" c="dimmed" px="sm" py="xs" aria-live="polite">
              {t('admin:menu.noResults')}
            </Text>
          )
        ) : (
          sections.map(({ key, entries: sectionEntries }) => {
            const Icon = sectionIcons[key];
            const opened = open.has(key);
            return (
              <NavLink
                key={key}
                component="button"
                type="button"
                label={sectionLabel(key)}
                leftSection={<Icon size={18} aria-hidden />}
                opened={opened}
                onChange={() => toggle(key)}
                aria-expanded={opened}
                // A closed section holding the current page still shows where one is.
                active={!opened && key === current}
                variant="subtle"
                fw={600}
                childrenOffset={12}
              >
                {sectionEntries.map((entry) => entryLink(entry))}
              </NavLink>
            );
          })
        )}
      </div>
    </Stack>
  );
}
