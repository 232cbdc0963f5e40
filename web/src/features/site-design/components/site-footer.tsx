import { Anchor, Box, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

interface SiteFooterProps {
  footerLinks: readonly { label: string; url: string }[];
  socialLinks: readonly { kind: string; url: string }[];
}

/** The site's footer and social links from basic info (nothing when it has none). */
export function SiteFooter({ footerLinks, socialLinks }: SiteFooterProps) {
  const { t } = useTranslation();
  if (!footerLinks.length && !socialLinks.length) return null;
  return (
    <Box component="footer" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="md" justify="center" component="nav" aria-label={t('common:siteFooter.label')}>
        {footerLinks.map((link) => (
          <Anchor key={`f-${link.url}-${link.label}`} href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
            {link.label}
          </Anchor>
        ))}
        {socialLinks.map((link) => (
          <Anchor key={`s-${link.kind}-${link.url}`} href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
            {t(`common:siteFooter.social.${link.kind}`)}
          </Anchor>
        ))}
      </Group>
    </Box>
  );
}
