import { MultiSelect, Select } from '@mantine/core';
import { LoadError } from '../load-error';
import { useTranslation } from '../../lib/i18n';
import { useContentChoices } from './api';
import { inputOf, type CommonForm } from './form-access';
import { namedPills } from '../named-pills';

/** Category, tags and creator of any content (SPEC §3), from the team's taxonomy. */
export function TaxonomySelects({ form }: { form: CommonForm }) {
  const { t } = useTranslation();
  const choices = useContentChoices();
  if (choices.error) return <LoadError title={t('contentfields:form.choicesError')} error={choices.error} onRetry={() => void choices.mutate()} />;
  return (
    <>
      <Select
        {...inputOf(form, 'categoryId')}
        label={t('contentfields:fields.category')}
        placeholder={t('contentfields:form.none')}
        data={choices.data?.categories ?? []}
        clearable
        searchable
      />
      <MultiSelect renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))} {...inputOf(form, 'tagIds')} label={t('contentfields:fields.tags')} data={choices.data?.tags ?? []} clearable searchable />
      <Select
        {...inputOf(form, 'creatorId')}
        label={t('contentfields:fields.creator')}
        placeholder={t('contentfields:form.none')}
        data={choices.data?.creators ?? []}
        clearable
        searchable
      />
    </>
  );
}
