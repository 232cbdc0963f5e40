import { Anchor, Box, Button, Center, Container, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogin2, IconMoodEmpty, IconMovie, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { LoadError } from '../../../components/load-error';
import { SiteBrand } from '../components/site-brand';
import { SiteFooter } from '../components/site-footer';
import { usePublicDesign } from '../../../lib/public-design';
import { useSiteFavicon } from '../site-favicon';
import { useSiteLanguage } from '../site-language';
import { ApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTheme } from '../../../lib/site-theme';

/**
 * SPEC §2 /lp/:teamId: the team's landing page in its design (colours, theme). Its content (overview, intro video,
 * a way into the catalog) shows only while the site's public access is on; the login call to action always.
 */
function LandingPage() {
  const { t } = useTranslation('design');
  const { teamId = '' } = useParams();
  const { data, error, isLoading, mutate } = usePublicDesign(teamId);
  useSiteTheme(data);
  useSiteLanguage(data?.memberLanguage);
  useSiteFavicon(data?.faviconUrl);
  const team = encodeURIComponent(teamId);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);

  let body;
  if (missing) {
    body = (
      <Center py={80}>
        <Stack align="center" gap="md" ta="center">
          <IconMoodEmpty size={48} aria-hidden />
          <Title order={1} size="h2">
            {t('lpPage.notFound')}
          </Title>
        </Stack>
      </Center>
    );
  } else if (error) {
    body = <LoadError title={t('lpPage.loadError')} error={error} onRetry={() => void mutate()} />;
  } else if (isLoading || !data) {
    body = <Skeleton h={240} />;
  } else {
    const landing = data.landing;
    body = (
      <Stack gap="xl" py="xl">
        {landing?.bannerUrl && <Image src={landing.bannerUrl} alt={t('lpPage.banner', { site: data.siteName })} radius="md" mah={360} fit="cover" />}
        <Stack gap="md" component="section" aria-label={t('lpPage.hero')}>
          <Title order={1}>{data.siteName}</Title>
          {landing?.overview && <Text style={{ whiteSpace: 'pre-line' }}>{landing.overview}</Text>}
          <Group>
            <Button component={Link} to={`/login/${team}`} size="md" leftSection={<IconLogin2 size={18} aria-hidden />}>
              {t('lpPage.login')}
            </Button>
            {data.publicAccess && (
              <Button component={Link} to={`/catalog/${team}`} size="md" variant="outline" leftSection={<IconMovie size={18} aria-hidden />}>
                {t('lpPage.catalog')}
              </Button>
            )}
          </Group>
        </Stack>
        {!!landing?.topImages.length && (
          <Stack gap="sm" component="section" aria-label={t('lpPage.topImages')}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {landing.topImages.map((image, i) => (
                <Anchor key={image.url} href={image.linkUrl} aria-label={`${t('lpPage.topImages')} ${i + 1}`}>
                  <Image src={image.url} alt="" radius="md" />
                </Anchor>
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {landing?.introVideo && (
          <Paper withBorder p="lg" component="section" aria-label={t('lpPage.introVideo')} bg="transparent">
            <Stack gap="xs">
              <Title order={2} size="h3">
                {t('lpPage.introVideo')}
              </Title>
              <Anchor component={Link} to={`/catalog/${team}/video/${encodeURIComponent(landing.introVideo.videoId)}`}>
                <Group gap={6} wrap="nowrap">
                  <IconPlayerPlayFilled size={18} aria-hidden />
                  <Text inherit>{landing.introVideo.title}</Text>
                </Group>
              </Anchor>
            </Stack>
          </Paper>
        )}
      </Stack>
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Text fw={700} miw={0} component="div">
              <SiteBrand siteName={data?.siteName ?? ''} logoUrl={data?.logoUrl} />
            </Text>
            <LanguageSwitch />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg">
        {body}
      </Container>
      {data && <SiteFooter footerLinks={data.footerLinks} socialLinks={data.socialLinks} />}
    </Box>
  );
}

export { LandingPage as Component };
