import { useForm } from '@mantine/form';
import type { z } from 'zod/mini';
import { ApiError } from './api-error';
import { zodFieldErrors } from './form-errors';
import { errorMessage } from './i18n';
import { toast } from './toast';

interface VersionedFormOptions<V extends object> {
  initialValues: V;
  /** The call's own input schema: the form checks what the server will. */
  schema: z.ZodMiniType;
  /** The version the settings were read at: a save after someone else's answers 409 with `fields.version`. */
  version: number;
  save: (values: V & { version: number }) => Promise<unknown>;
  savedMessage: string;
  /** A field's message from its code, with the numbers it names; the failure's toast then shows the first field's. */
  messageOf?: (code: string) => string;
}

/**
 * A settings form saved whole with the version it was read at: the form, a field's message, and the submit that
 * saves, marks the form clean and says so, or shows the server's field errors and its message.
 */
export function useVersionedForm<V extends object>({ initialValues, schema, version, save, savedMessage, messageOf }: VersionedFormOptions<V>) {
  const form = useForm<V>({ initialValues, validate: (values) => zodFieldErrors(schema, { ...values, version }) });
  const message = messageOf ?? ((code: string) => errorMessage(code));
  const fieldError = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? message(code) : undefined;
  };
  const submit = form.onSubmit(async (values) => {
    try {
      await save({ ...values, version });
      form.resetDirty();
      toast.success(savedMessage);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields) form.setErrors(fields);
      const first = fields && Object.values(fields)[0];
      toast.error(messageOf && first ? messageOf(first) : errorMessage(error));
    }
  });
  return { form, fieldError, submit };
}
