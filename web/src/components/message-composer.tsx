import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../lib/api-error';
import { errorMessage } from '../lib/i18n';
import { toast } from '../lib/toast';

export interface MessageComposerProps {
  /** The server's check, run first: an error code for the field, or undefined. */
  check(body: string): string | undefined;
  /** Sends; on success the text is cleared. */
  onSend(body: string): Promise<unknown>;
  /** After a send succeeded and the text was cleared (e.g. to say so and read the list again). */
  onSent?(): Promise<unknown> | void;
  /** The field's error for a failed send (by default the server's `body` field error); otherwise a toast says it. */
  fieldErrorOf?(error: ApiError): string | undefined;
  /** After a failed send has been shown (e.g. to read the page again). */
  onFailed?(error: unknown): Promise<unknown> | void;
  label: string;
  placeholder: string;
  description(body: string): string;
  submitLabel: string;
  minRows: number;
  maxRows?: number;
}

/** A text field and its send button (chat messages, comments): checks as the server does, sends, and clears itself on success. */
export function MessageComposer({ check, onSend, fieldErrorOf = (e) => e.fields.body, onSent, onFailed, label, placeholder, description, submitLabel, minRows, maxRows }: MessageComposerProps) {
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const problem = check(body);
    if (problem) return setFieldError(problem);
    setSending(true);
    try {
      await onSend(body);
      setBody('');
      setFieldError(undefined);
      await onSent?.();
    } catch (e) {
      const field = e instanceof ApiError ? fieldErrorOf(e) : undefined;
      if (field) setFieldError(field);
      else toast.error(errorMessage(e));
      await onFailed?.(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Stack gap="xs">
        <Textarea
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setFieldError(undefined);
          }}
          label={label}
          placeholder={placeholder}
          description={description(body)}
          error={fieldError && errorMessage(fieldError)}
          autosize
          minRows={minRows}
          maxRows={maxRows}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={sending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
