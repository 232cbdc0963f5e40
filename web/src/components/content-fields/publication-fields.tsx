import { Checkbox, Group, MultiSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useContentChoices } from './api';
import { inputOf, type CommonForm, type CommonContentValues } from './form-access';
import { SuggestedDateInput } from '../suggested-date-input';
import { namedPills } from '../named-pills';

/**
 * SPEC §4 publication of any content: status (private, public, publication period), release date, hidden from
 * lists, and (with `audience`) the catalog flag and the publish groups, which exclude each other (SPEC §5).
 */
export function PublicationFields({ form, audience }: { form: CommonForm; audience: boolean }) {
  const { t } = useTranslation();
  const choices = useContentChoices();
  const labelId = useId();
  const status = form.values.status;
  return (
    <>
      <div>
        <Text size="sm" fw={500} id={labelId}>
          {t('contentfields:fields.status')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={status}
          onChange={(v) => form.setFieldValue('status', v as CommonContentValues['status'])}
          data={(['private', 'public', 'publicationPeriod'] as const).map((s) => ({ value: s, label: t(`contentfields:status.${s}`) }))}
        />
      </div>
      {status === 'publicationPeriod' && (
        <Group grow>
          <SuggestedDateInput {...inputOf(form, 'publicationStart')} kind="datetime" label={t('contentfields:fields.publicationStart')} withAsterisk />
          <SuggestedDateInput {...inputOf(form, 'publicationEnd')} kind="datetime" label={t('contentfields:fields.publicationEnd')} withAsterisk />
        </Group>
      )}
      <TextInput {...inputOf(form, 'releasedAt')} type="datetime-local" label={t('contentfields:fields.releasedAt')} />
      <Checkbox {...form.getInputProps('isListHidden', { type: 'checkbox' })} label={t('contentfields:fields.isListHidden')} />
      {audience && (
        <>
          <Checkbox
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
            label={t('contentfields:fields.isPublic')}
            description={t('contentfields:fields.isPublicHint')}
          />
          <MultiSelect
            renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
            {...inputOf(form, 'groupIds')}
            label={t('contentfields:fields.groups')}
            description={t('contentfields:fields.groupsHint')}
            data={choices.data?.groups ?? []}
            disabled={form.values.isPublic}
            clearable
            searchable
          />
        </>
      )}
    </>
  );
}
