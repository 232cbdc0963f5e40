import { Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DesignAnswer } from '../../../../../shared/api/calls/site-design';
import { useDesign } from '../api';
import { DesignColorForm } from '../components/design-color-form';
import { DesignImagesForm } from '../components/design-images-form';
import { DesignLandingForm } from '../components/design-landing-form';
import { DesignOrderForm } from '../components/design-order-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { memberNav } from '../../../lib/member-nav';
import { homeSectionKeys } from '../../../lib/home-sections';

const tabs = ['color', 'lp', 'image', 'header_item_order', 'top_item_order'] as const;

/** SPEC §2 /admin/site_customize/*: one frame, a tab per sub page (each its own address), the design loaded once. */
function SiteCustomizeFrame({ children }: { children: (current: DesignAnswer) => ReactNode }) {
  const { t } = useTranslation('design');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data, error } = useDesign();
  const active = tabs.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'color';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('pageTitle')}
      </Title>
      <Tabs value={active} onChange={(tab) => tab && void navigate(`/admin/site_customize/${tab}`)}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {error ? (
        <Text role="alert" c="red">
          {errorMessage(error)}
        </Text>
      ) : data ? (
        // Keyed by version: a save's answer starts the form again from what is stored.
        <div key={`${active}-${data.version}`}>{children(data)}</div>
      ) : (
        <Skeleton h={320} maw={560} />
      )}
    </Stack>
  );
}

export function ColorPage() {
  return <SiteCustomizeFrame>{(current) => <DesignColorForm current={current} />}</SiteCustomizeFrame>;
}

export function LandingPage() {
  return <SiteCustomizeFrame>{(current) => <DesignLandingForm current={current} />}</SiteCustomizeFrame>;
}

export function ImagePage() {
  return <SiteCustomizeFrame>{(current) => <DesignImagesForm current={current} />}</SiteCustomizeFrame>;
}

export function HeaderOrderPage() {
  const { t } = useTranslation();
  const items = memberNav.map((e) => ({ key: e.key, label: t(`member:nav.${e.key}`) }));
  return <SiteCustomizeFrame>{(current) => <DesignOrderForm current={current} kind="headerItemOrder" items={items} />}</SiteCustomizeFrame>;
}

export function TopOrderPage() {
  const { t } = useTranslation();
  const items = homeSectionKeys.map((key) => ({ key, label: t(`member:homeSections.${key}`) }));
  return <SiteCustomizeFrame>{(current) => <DesignOrderForm current={current} kind="topItemOrder" items={items} />}</SiteCustomizeFrame>;
}
