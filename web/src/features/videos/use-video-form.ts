import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { videoFormSchema } from '../../../../shared/api/calls/videos';
import { ApiError } from '../../lib/api-error';
import { zodFieldErrors } from '../../lib/form-errors';
import { formFieldOf, formToInput, type VideoFormValues } from './form-values';

const mapFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([path, c]) => [formFieldOf(path), c]));

/** The video form checked with the server's own schema; `showServerErrors` puts a 400's fields in place. */
export function useVideoForm(initialValues: VideoFormValues) {
  const schema = useMemo(() => videoFormSchema(), []);
  const form = useForm<VideoFormValues>({
    initialValues,
    validate: (values) => mapFields(zodFieldErrors(schema, formToInput(values))),
  });
  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(mapFields(error.fields));
  };
  return { form, showServerErrors };
}
