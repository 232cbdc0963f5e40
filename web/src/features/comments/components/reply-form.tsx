import { Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as z from 'zod/mini';
import { COMMENT_BODY_MAX_LENGTH } from '../../../../../shared/constants';
import { commentBodySchema } from '../../../../../shared/rules/comment';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { AsyncAction } from '../../../lib/async-action';

const replySchema = z.object({ body: commentBodySchema });

/** SPEC §3 reply: required, up to 1000 (§5); the form empties after a reply is sent. */
export function ReplyForm({ onSubmit }: { onSubmit: AsyncAction<[body: string]> }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { body: '' }, validate: (v) => zodFieldErrors(replySchema, v) });
  const submit = form.onSubmit(async ({ body }) => {
    try {
      await onSubmit(body);
      form.reset();
    } catch (error) {
      // The page already told the reader (toast); a field error also shows in place.
      if (error instanceof ApiError && error.fields.body) form.setFieldError('body', error.fields.body);
    }
  });
  const code = form.errors.body;
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Textarea
            {...form.getInputProps('body')}
            error={typeof code === 'string' ? errorMessage(code) : undefined}
            label={t('comments:fields.reply')}
            description={t('comments:fields.bodyCount', { count: form.values.body.length, max: COMMENT_BODY_MAX_LENGTH })}
            autosize
            minRows={4}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('comments:actions.reply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
