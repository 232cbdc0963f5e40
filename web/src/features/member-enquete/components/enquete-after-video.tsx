import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useMemberEnquete } from '../api';
import { EnqueteAnswerForm } from './enquete-answer-form';

/** SPEC §3 video completion action `survey`: the survey, answered inline once the video ends. */
export function EnqueteAfterVideo({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const { data, mutate } = useMemberEnquete('video', videoId);
  const [answered, setAnswered] = useState(false);
  if (answered) return <Text c="var(--mantine-color-teal-light-color)">{t('enquete:member.answered')}</Text>;
  if (!data) return null;
  return (
    <Stack gap="sm" w="100%" data-testid="video-enquete">
      <Text fw={600}>{t('enquete:member.videoEnded')}</Text>
      <Text fw={700} size="lg">
        {data.enquete.title}
      </Text>
      <EnqueteAnswerForm
        enquete={data.enquete}
        source="video"
        sourceId={videoId}
        withTitle={false}
        onAnswered={() => {
          setAnswered(true);
          void mutate();
        }}
      />
    </Stack>
  );
}
