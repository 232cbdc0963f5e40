import { Button, Group, Paper, Stack, type PaperProps, type StackProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface FormActionsProps {
  submitLabel: ReactNode;
  /** The submit button is busy while the form saves. */
  submitting?: boolean;
  disabled?: boolean;
  /** On the left of the row (e.g. "add a question"); without it the submit button stands alone on the right. */
  leading?: ReactNode;
}

/** The row that ends a form: its submit button on the right, anything else on the left. */
export function FormActions({ submitLabel, submitting, disabled, leading }: FormActionsProps) {
  return (
    <Group justify={leading ? 'space-between' : 'flex-end'}>
      {leading}
      <Button type="submit" loading={submitting} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}

interface FormCardProps extends FormActionsProps {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  maw?: StackProps['maw'];
  p?: PaperProps['p'];
  children: ReactNode;
}

/** A form in a bordered card: its fields one under the other, then `FormActions`. */
export function FormCard({ onSubmit, maw, p = 'lg', children, ...actions }: FormCardProps) {
  return (
    <Paper withBorder p={p} radius="md" maw={maw}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <FormActions {...actions} />
        </Stack>
      </form>
    </Paper>
  );
}
