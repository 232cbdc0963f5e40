import { Stack, Title } from '@mantine/core';
import { MemberChat } from '../components/member-chat';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /user/:teamId/chat (optional conversationId): the member's conversation with the administrators. */
function ChatPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} size="h2">
        {t('chat:member.title')}
      </Title>
      <MemberChat />
    </Stack>
  );
}

export { ChatPage as Component };
