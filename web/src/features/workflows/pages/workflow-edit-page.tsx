import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import type { AutoMailEvent } from '../../../../../shared/constants';
import { LoadError } from '../../../components/load-error';
import {
  createWorkflow,
  isWorkflowListKey,
  updateWorkflow,
  useGroupChoices,
  useTemplateChoices,
  useWorkflow,
  type WorkflowValues,
} from '../api';
import { WorkflowForm, type WorkflowChoices } from '../components/workflow-form';
import { ApiError } from '../../../lib/api-error';
import { useCatalogueChoices, useInvitationChoices } from '../../../lib/event-object-choices';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

const invitationEvents: readonly string[] = ['welcome', 'approval'];

/** SPEC §2 /admin/workflow/create and /admin/workflow/:workflowId/edit. */
function WorkflowEditPage() {
  const { t } = useTranslation();
  const { workflowId } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const workflow = useWorkflow(workflowId);
  const groups = useGroupChoices();
  const templates = useTemplateChoices();
  const invitations = useInvitationChoices();
  const stored = workflow.data?.workflow;
  const [picked, setPicked] = useState<AutoMailEvent | ''>();
  const eventType = picked ?? stored?.eventType ?? '';
  const purchaseEvent = eventType !== '' && !invitationEvents.includes(eventType);
  // Products and prices are read only once a purchase event is chosen (they need Stripe and billing rights).
  const catalogue = useCatalogueChoices(purchaseEvent);

  const choices = ((): WorkflowChoices => {
    const base = { groups: groups.data ?? [], templates: templates.data ?? [] };
    if (!purchaseEvent) return { ...base, targets: invitations.data };
    if (catalogue.error) return { ...base, targets: [], targetsUnavailable: errorMessage(catalogue.error) };
    const c = catalogue.data;
    return {
      ...base,
      targets: c && [
        ...c.products.map((p) => ({ ...p, label: t('workflows:fields.productOption', { name: p.label }) })),
        ...c.prices.map((p) => ({ ...p, label: t('workflows:fields.priceOption', { name: p.label }) })),
      ],
    };
  })();

  const save = async (form: WorkflowValues) => {
    try {
      if (workflowId && stored) await updateWorkflow(workflowId, stored.version, form);
      else await createWorkflow(form);
    } catch (e) {
      // Someone else saved meanwhile: show their version, so the change is made again on top of it.
      if (e instanceof ApiError && e.fields.version) {
        toast.error(t('workflows:edit.stale'), t('workflows:edit.staleDetail'));
        await workflow.mutate();
        return;
      }
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t(workflowId ? 'workflows:edit.saved' : 'workflows:edit.created', { title: form.title }));
    await mutate(isWorkflowListKey);
    if (workflowId) await workflow.mutate();
    navigate('/admin/workflow');
  };

  const loadError = workflow.error ?? groups.error ?? invitations.error;
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/workflow" size="sm">
        {t('workflows:edit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t(workflowId ? 'workflows:edit.title' : 'workflows:edit.createTitle')}
      </Title>
      {loadError ? (
        <LoadError
          title={t('workflows:edit.loadError')}
          error={loadError}
          onRetry={() => {
            void workflow.mutate();
            void groups.mutate();
            void invitations.mutate();
          }}
        />
      ) : !groups.data || !invitations.data || (workflowId && !stored) ? (
        <Skeleton h={320} maw={760} role="status" aria-label={t('common:loading')} />
      ) : (
        <WorkflowForm
          key={stored?.version ?? 'new'}
          initial={stored}
          choices={choices}
          onEventTypeChange={setPicked}
          submitLabel={t(workflowId ? 'workflows:actions.save' : 'workflows:actions.create')}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}

export { WorkflowEditPage as Component };
