import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';

/** Frame of the public and sign-in pages: the product name (home) and the language switch. */
function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" c="dark" fw={700} miw={0}>
              <Group gap={8} wrap="nowrap">
                <IconPlayerPlayFilled size={22} color="var(--mantine-color-indigo-6)" aria-hidden style={{ flexShrink: 0 }} />
                <Text inherit truncate="end">
                  {t('common:app.name')}
                </Text>
              </Group>
            </Anchor>
            <LanguageSwitch />
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}

export { PublicLayout as Component };
