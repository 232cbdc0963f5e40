import { Checkbox, Group, NumberInput, Radio, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { CustomField } from '../../../shared/api/calls/custom-fields';

interface CustomFieldControlProps {
  field: Pick<CustomField, 'fieldId' | 'name' | 'type' | 'required' | 'options'>;
  /** `form.getInputProps('customFields.<fieldId>')`. */
  input: GetInputPropsReturnType;
  error?: string;
  /** The select's placeholder. */
  choose: string;
  maw?: number;
}

/** One custom member field as its type asks (SPEC §3 custom fields): the join form's and the member's own settings. */
export function CustomFieldControl({ field, input, error, choose, maw }: CustomFieldControlProps) {
  const common = { label: field.name, withAsterisk: field.required, error, maw };
  switch (field.type) {
    case 'text':
      return <TextInput {...input} {...common} />;
    case 'number':
      return <NumberInput {...input} {...common} />;
    case 'date':
      return <TextInput {...input} {...common} type="date" />;
    case 'select':
      return (
        <Select
          {...input}
          {...common}
          value={(input.value as string) || null}
          onChange={(v) => input.onChange(v ?? '')}
          data={field.options}
          placeholder={choose}
          clearable={!field.required}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...input} {...common}>
          <Group gap="md" mt={6}>
            {field.options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group {...input} {...common}>
          <Group gap="md" mt={6}>
            {field.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Group>
        </Checkbox.Group>
      );
  }
}
