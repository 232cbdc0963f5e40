import { Button, Group, Menu, Text, Textarea, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useRef } from 'react';
import { MAIL_BODY_MAX_LENGTH } from '../../../../../shared/constants';
import { customFieldOfVariable } from '../../../../../shared/mail-variables';
import { useTranslation } from '../../../lib/i18n';

type TextField = 'subject' | 'body';

interface TemplateTextFieldsProps {
  subject: string;
  body: string;
  onChange: (field: TextField, value: string) => void;
  /** Messages already translated, per field. */
  errors: Partial<Record<TextField, string | undefined>>;
  /** What `{{…}}` may name (undefined while loading). */
  variables: string[] | undefined;
  /** Distinguishes the fields of two forms on one page (the language tabs). */
  idPrefix: string;
}

/**
 * The subject and body of a template (SPEC §5: body required, up to 2000) with the variable inserter: a chosen
 * variable goes in at the caret of the field last focused (the body until another is).
 */
export function TemplateTextFields({ subject, body, onChange, errors, variables, idPrefix }: TemplateTextFieldsProps) {
  const { t } = useTranslation('mailtemplates');
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastFocused = useRef<TextField>('body');

  const insert = (variable: string) => {
    const field = lastFocused.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const value = field === 'subject' ? subject : body;
    const token = `{{${variable}}}`;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(field, value.slice(0, start) + token + value.slice(end));
    // Put the caret after the variable once React has rendered the new value.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const label = (variable: string) => {
    const field = customFieldOfVariable(variable);
    return field === undefined ? t(`variables.${variable}`, { defaultValue: variable }) : t('variables.customField', { name: field });
  };

  return (
    <>
      <TextInput
        ref={subjectRef}
        id={`${idPrefix}-subject`}
        label={t('fields.subject')}
        value={subject}
        onChange={(e) => onChange('subject', e.currentTarget.value)}
        onFocus={() => (lastFocused.current = 'subject')}
        error={errors.subject}
        withAsterisk
      />
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text size="sm" fw={500} component="label" htmlFor={`${idPrefix}-body`}>
          {t('fields.body')}{' '}
          <Text span c="red" aria-hidden>
            *
          </Text>
        </Text>
        <Menu position="bottom-end" withinPortal shadow="md" disabled={!variables}>
          <Menu.Target>
            <Button variant="light" size="compact-sm" leftSection={<IconBraces size={14} aria-hidden />} loading={!variables}>
              {t('variables.insert')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
            <Menu.Label>{t('variables.help')}</Menu.Label>
            {(variables ?? []).map((v) => (
              <Menu.Item key={v} onClick={() => insert(v)}>
                <Text size="sm">{label(v)}</Text>
                <Text size="xs" c="dimmed" ff="monospace">{`{{${v}}}`}</Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Textarea
        ref={bodyRef}
        id={`${idPrefix}-body`}
        aria-label={t('fields.body')}
        value={body}
        onChange={(e) => onChange('body', e.currentTarget.value)}
        onFocus={() => (lastFocused.current = 'body')}
        error={errors.body}
        description={t('fields.bodyCount', { count: body.length, max: MAIL_BODY_MAX_LENGTH })}
        inputWrapperOrder={['input', 'description', 'error']}
        autosize
        minRows={8}
        maxRows={20}
      />
    </>
  );
}
