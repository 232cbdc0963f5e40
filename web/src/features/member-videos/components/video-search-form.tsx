import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { VIDEO_SEARCH_QUERY_MAX_LENGTH } from '../api';
import { areaBase, areaPaths, type VideoArea } from '../../../lib/area-paths';

interface VideoSearchFormProps {
  area: VideoArea;
  teamId: string;
  /** Smaller, for a header. */
  compact?: boolean;
}

/** Title and overview search: opens `videos/search/<query>` of the area (the header's and the results page's). */
export function VideoSearchForm({ area, teamId, compact = false }: VideoSearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // On the results page the box shows the query searched; elsewhere it starts empty.
  const { query: routeQuery = '' } = useParams();
  const [query, setQuery] = useState(routeQuery);
  const [shownRoute, setShownRoute] = useState(routeQuery);
  if (shownRoute !== routeQuery) {
    setShownRoute(routeQuery);
    setQuery(routeQuery);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`${areaBase(area, teamId)}${areaPaths.search(query.trim())}`);
  };

  return (
    <form role="search" onSubmit={submit} aria-label={t('videolist:search.label')}>
      <Group gap={4} wrap="nowrap">
        <TextInput
          type="search"
          aria-label={t('videolist:search.label')}
          placeholder={t('videolist:search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          maxLength={VIDEO_SEARCH_QUERY_MAX_LENGTH}
          size={compact ? 'xs' : 'sm'}
          w={compact ? 200 : undefined}
          style={compact ? undefined : { flex: 1 }}
          maw={compact ? undefined : 480}
        />
        <ActionIcon type="submit" variant="filled" size={compact ? 30 : 36} aria-label={t('videolist:search.submit')}>
          <IconSearch size={compact ? 16 : 18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}
