import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { LoadError } from '../../../components/load-error';
import { DesignPageImage } from '../../../components/design-page-image';
import { useMemberContext } from '../../../lib/member-context';
import { useVideoPages, type VideoListSource } from '../api';
import { VideoCardGrid } from '../../../components/video-card-grid';
import { inDesignOrder, usePublicDesign } from '../../../lib/public-design';
import { homeSectionKeys, type HomeSectionKey } from '../../../lib/home-sections';

const NEWER: VideoListSource = { kind: 'newer' };
const POPULAR: VideoListSource = { kind: 'popular' };

function Welcome() {
  const { t } = useTranslation();
  const { data, error, mutate } = useMemberContext();
  if (error && !data) return <LoadError title={t('member:home.loadError')} error={error} onRetry={() => void mutate()} />;
  return (
    <Paper withBorder p="lg" radius="md" maw={720} component="section" aria-label={t('member:homeSections.welcome')}>
      {data ? (
        <Stack gap="xs">
          <Title order={1} size="h2">
            {t('member:home.welcome', { name: data.name })}
          </Title>
          <Text c="dimmed">{t('member:home.site', { siteName: data.siteName })}</Text>
        </Stack>
      ) : (
        <Skeleton h={48} />
      )}
    </Paper>
  );
}

function VideoSection({ section, source }: { section: HomeSectionKey; source: VideoListSource }) {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const pages = useVideoPages('user', teamId, source);
  return (
    <Stack gap="md" component="section" aria-label={t(`member:homeSections.${section}`)}>
      <Title order={2} size="h3">
        {t(`member:homeSections.${section}`)}
      </Title>
      <VideoCardGrid area="user" teamId={teamId} pages={pages} emptyText={t('videolist:list.empty')} />
    </Stack>
  );
}

const sections: Record<HomeSectionKey, () => React.JSX.Element> = {
  welcome: Welcome,
  newer: () => <VideoSection section="newer" source={NEWER} />,
  popular: () => <VideoSection section="popular" source={POPULAR} />,
};

/** SPEC §2 /user/:teamId: the member home, its sections in the site design's top page order. */
function UserHomePage() {
  const { teamId = '' } = useParams();
  const { data: design } = usePublicDesign(teamId);
  const ordered = inDesignOrder(homeSectionKeys, (k) => k, design?.topItemOrder);
  return (
    <Stack gap="xl">
      {/* SPEC §3 page kinds: the member home's image (site_customize/image); the layout already read the design. */}
      <DesignPageImage url={design?.pageImages.memberTop} maxHeight={320} mb={0} />
      {ordered.map((key) => {
        const Section = sections[key];
        return <Section key={key} />;
      })}
    </Stack>
  );
}

export { UserHomePage as Component };
