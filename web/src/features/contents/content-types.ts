import type { UseFormReturnType } from '@mantine/form';
import type { ComponentType } from 'react';
import type { ContentItemCalls, ContentItemType } from '../../../../shared/api/calls/content-items';
import type { ContentFormValues } from './form-values';

/**
 * What one content type adds to the shared admin pages (list, create, edit): its calls, its `fields` as the form
 * holds them, and the editor of those fields. One file per type under ./types, gathered in ./type-registry.ts.
 * The pages, the common fields and the list are the same for every type.
 */
export interface FieldsEditorProps<FV> {
  form: UseFormReturnType<ContentFormValues<FV>>;
  /** The message of a field's error (`fields.<path>`), if any. */
  error: (path: string) => string | undefined;
}

export interface ContentTypeUi<FV = unknown> {
  type: ContentItemType;
  calls: ContentItemCalls;
  /** SPEC §2 admin path segment (/admin/<path>). */
  path: string;
  /** The i18n namespace holding the type's own strings (list title, fields). */
  namespace: string;
  emptyFields: () => FV;
  fieldsToForm: (fields: unknown) => FV;
  formToFields: (values: FV) => unknown;
  Editor: ComponentType<FieldsEditorProps<FV>>;
  /** Extra text in the admin list's row (e.g. a PDF's pages), from the row's `summary`. */
  summaryLabel?: (summary: string, t: (key: string, values?: Record<string, unknown>) => string) => string;
}

/** A type's UI typed by its form values, stored with the others. */
export const contentTypeUi = <FV>(ui: ContentTypeUi<FV>): ContentTypeUi => ui as unknown as ContentTypeUi;
