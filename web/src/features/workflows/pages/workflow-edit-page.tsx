import { useState } from 'react';
import { useParams } from 'react-router';
import type { AutoMailEvent } from '../../../../../shared/constants';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
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
import { useCatalogueChoices, useInvitationChoices } from '../../../lib/event-object-choices';
import { errorMessage, useTranslation } from '../../../lib/i18n';

const invitationEvents: readonly string[] = ['welcome', 'approval'];

/** SPEC §2 /admin/workflow/create and /admin/workflow/:workflowId/edit. */
function WorkflowEditPage() {
  const { t } = useTranslation();
  const { workflowId } = useParams();
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

  const saveAndReturn = useSaveAndReturn({
    to: '/admin/workflow',
    listKey: isWorkflowListKey,
    reload: workflowId ? () => workflow.mutate() : undefined,
    stale: { when: (e) => !!e.fields.version, reload: () => workflow.mutate(), notice: [t('workflows:edit.stale'), t('workflows:edit.staleDetail')] },
  });
  const save = (form: WorkflowValues) =>
    saveAndReturn(
      () => (workflowId && stored ? updateWorkflow(workflowId, stored.version, form) : createWorkflow(form)),
      t(workflowId ? 'workflows:edit.saved' : 'workflows:edit.created', { title: form.title }),
    );

  return (
    <AdminEditPage
      title={t(workflowId ? 'workflows:edit.title' : 'workflows:edit.createTitle')}
      back={{ to: '/admin/workflow', label: t('workflows:edit.back') }}
      error={workflow.error ?? groups.error ?? invitations.error}
      errorTitle={t('workflows:edit.loadError')}
      onRetry={() => {
        void workflow.mutate();
        void groups.mutate();
        void invitations.mutate();
      }}
      loading={!groups.data || !invitations.data || (!!workflowId && !stored)}
      skeleton={{ h: 320, maw: 760 }}
    >
      {() => (
        <WorkflowForm
          key={stored?.version ?? 'new'}
          initial={stored}
          choices={choices}
          onEventTypeChange={setPicked}
          submitLabel={t(workflowId ? 'workflows:actions.save' : 'workflows:actions.create')}
          onSubmit={save}
        />
      )}
    </AdminEditPage>
  );
}

export { WorkflowEditPage as Component };
