import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandZoom, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { createZoomMeetingCall, isZoomPlatform, livePlatforms, type LivePlatform } from '../../../../../shared/api/calls/lives';
import { LIVE_JOIN_LEAD_MINUTES } from '../../../../../shared/live-schedule';
import { fromLocalInput } from '../../../lib/date-input';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { createZoomMeeting, useZoomSetting } from '../api';
import { surveyPickerSource } from '../../../lib/item-source';
import type { FieldsEditorProps } from '../content-types';
import type { LiveFormFields } from './live';
import { FormSection } from '../../../components/admin-page/form-section';
import { SuggestedDateInput } from '../../../components/suggested-date-input';
import { SingleItemPicker } from '../../../components/item-picker';

/** Where the meeting call's input issues belong on the live form. */
const meetingInputField: Record<string, string> = { topic: 'title', startAt: 'fields.startAt', endAt: 'fields.endAt' };

/**
 * SPEC §3 live: the platform and what it needs (a Zoom meeting/webinar ID and passcode, or the stream's URL),
 * and the start and end. With Zoom connected, the meeting can be created on the team's account from here.
 */
export default function LiveEditor({ form, error }: FieldsEditorProps<LiveFormFields>) {
  const { t } = useTranslation('lives');
  const fields = form.values.fields;
  const zoomPlatform = isZoomPlatform(fields.platform) ? fields.platform : undefined;
  const input = (name: keyof LiveFormFields) => ({ ...form.getInputProps(`fields.${name}`), error: error(name) });

  return (
    <FormSection title={t('editor.title')}>
      <Select
        {...input('platform')}
        label={t('editor.platform')}
        data={livePlatforms.map((p) => ({ value: p, label: t(`platforms.${p}`) }))}
        allowDeselect={false}
        withAsterisk
        maw={320}
      />
      {zoomPlatform ? (
        <>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              {...input('meetingId')}
              label={t(`editor.meetingId.${zoomPlatform}`)}
              description={t('editor.meetingIdHint')}
              inputMode="numeric"
              autoComplete="off"
              withAsterisk
              miw={200}
            />
            <TextInput {...input('passcode')} label={t('editor.passcode')} description={t('editor.passcodeHint')} autoComplete="off" miw={200} />
          </Group>
          <ZoomMeetingMaker form={form} platform={zoomPlatform} />
        </>
      ) : (
        <TextInput
          {...input('url')}
          label={t(`editor.url.${fields.platform}`)}
          description={t(`editor.urlHint.${fields.platform}`)}
          inputMode="url"
          autoComplete="off"
          withAsterisk
        />
      )}
      <Group grow align="flex-start" wrap="wrap">
        <SuggestedDateInput {...input('startAt')} kind="datetime" label={t('editor.startAt')} withAsterisk miw={200} />
        <SuggestedDateInput {...input('endAt')} kind="datetime" label={t('editor.endAt')} withAsterisk miw={200} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('editor.windowHint', { minutes: LIVE_JOIN_LEAD_MINUTES })}
      </Text>
      <div style={{ maxWidth: 420 }}>
        <SingleItemPicker
          source={surveyPickerSource}
          value={fields.enqueteId ?? null}
          onChange={(id) => form.setFieldValue('fields.enqueteId', id)}
          error={error('enqueteId')}
          label={t('editor.enqueteId')}
          description={t('editor.enqueteIdHint')}
        />
      </div>
    </FormSection>
  );
}

/**
 * "Create a Zoom meeting": on the connected account, with the live's title and times; fills in the ID and
 * passcode, which the live keeps when saved. Not connected: a way to the Zoom settings instead.
 */
function ZoomMeetingMaker({ form, platform }: { form: FieldsEditorProps<LiveFormFields>['form']; platform: LivePlatform & ('zoomMeeting' | 'zoomWebinar') }) {
  const { t } = useTranslation('lives');
  const zoom = useZoomSetting();
  const [creating, setCreating] = useState(false);
  if (!zoom.data) return null;
  if (!zoom.data.connected) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('editor.notConnected')}{' '}
          <Anchor component={Link} to="/admin/setting/zoom_setting" size="sm" underline="always">
            {t('editor.zoomSettings')}
          </Anchor>
        </Text>
      </Group>
    );
  }

  const create = async () => {
    const { values } = form;
    const request = { platform, topic: values.title.trim(), startAt: fromLocalInput(values.fields.startAt) ?? '', endAt: fromLocalInput(values.fields.endAt) ?? '' };
    // The meeting needs the live's title and times: say which are missing where they are typed.
    const issues = zodFieldErrors(createZoomMeetingCall.input, request);
    if (Object.keys(issues).length) {
      form.setErrors({ ...form.errors, ...Object.fromEntries(Object.entries(issues).map(([path, code]) => [meetingInputField[path] ?? path, code])) });
      return;
    }
    setCreating(true);
    try {
      const meeting = await createZoomMeeting(request);
      form.setFieldValue('fields.meetingId', meeting.meetingId);
      form.setFieldValue('fields.passcode', meeting.passcode ?? '');
      toast.success(t('editor.meetingCreated'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Button variant="light" leftSection={<IconBrandZoom size={16} aria-hidden />} loading={creating} onClick={() => void create()}>
          {t(`editor.createMeeting.${platform}`)}
        </Button>
        <Anchor component={Link} to="/admin/setting/zoom_setting" size="sm">
          <Group gap={4} component="span">
            <IconSettings size={14} aria-hidden />
            {t('editor.zoomSettings')}
          </Group>
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        {t('editor.createHint', { email: zoom.data.email ?? '' })}
      </Text>
    </Stack>
  );
}
