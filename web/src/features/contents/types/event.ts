import { lazy } from 'react';
import type { ContentItemCalls } from '../../../../../shared/api/calls/content-items';
import { eventCalls, type EventFields, type EventFormat } from '../../../../../shared/api/calls/events';
import type { EventContentType } from '../../../../../shared/rules/event';
import { fromLocalInput, toLocalInput } from '../../../lib/date-input';
import { contentTypeUi, type ContentTypeUi } from '../content-types';

/** One content of the event as the form holds it; `title` is known when it was picked from a search. */
export interface EventFormContent {
  type: EventContentType;
  id: string;
  title?: string;
}

/** The event's `fields` as the inputs hold them: dates as `datetime-local` text in the viewer's time zone. */
export interface EventFormFields {
  format: EventFormat;
  applicationStart: string;
  applicationEnd: string;
  holdStart: string;
  holdEnd: string;
  contents: EventFormContent[];
}

/** SPEC §2 /admin/event: the format, the application and hold periods, and the contents in order. */
export const eventUi: ContentTypeUi = contentTypeUi<EventFormFields>({
  type: 'event',
  calls: eventCalls as unknown as ContentItemCalls,
  path: 'event',
  namespace: 'events',
  emptyFields: () => ({ format: 'application', applicationStart: '', applicationEnd: '', holdStart: '', holdEnd: '', contents: [] }),
  fieldsToForm: (fields) => {
    const f = fields as EventFields;
    return {
      format: f.format,
      applicationStart: toLocalInput(f.applicationStart),
      applicationEnd: toLocalInput(f.applicationEnd),
      holdStart: toLocalInput(f.holdStart),
      holdEnd: toLocalInput(f.holdEnd),
      contents: f.contents.map(({ type, id }) => ({ type, id })),
    };
  },
  formToFields: (values) => ({
    format: values.format,
    applicationStart: fromLocalInput(values.applicationStart),
    applicationEnd: fromLocalInput(values.applicationEnd),
    holdStart: fromLocalInput(values.holdStart),
    holdEnd: fromLocalInput(values.holdEnd),
    contents: values.contents.map(({ type, id }) => ({ type, id })),
  }),
  Editor: lazy(() => import('./event-editor')),
  summaryLabel: (summary, t) => t('events:summary', { count: Number(summary) }),
});
