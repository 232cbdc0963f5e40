import type { ContentItem } from '../../../../shared/api/calls/content-items';
import { commonToForm, commonToInput, emptyCommonValues } from '../../components/content-fields/common-values';
import type { CommonContentValues } from '../../components/content-fields/form-access';
import { fromLocalInput, toLocalInput } from '../../lib/date-input';

/**
 * A content form's values: the common fields as the inputs hold them (dates as `datetime-local` text in the
 * viewer's time zone) and the type's own `fields` as its editor holds them.
 */
export interface ContentFormValues<FV = unknown> extends CommonContentValues {
  viewableStart: string;
  viewableEnd: string;
  fields: FV;
}

export const emptyContentForm = <FV>(fields: FV): ContentFormValues<FV> => ({
  ...emptyCommonValues(),
  viewableStart: '',
  viewableEnd: '',
  fields,
});

export const itemToForm = <FV>(item: ContentItem, fields: FV): ContentFormValues<FV> => ({
  ...commonToForm(item),
  viewableStart: toLocalInput(item.viewablePeriod?.start),
  viewableEnd: toLocalInput(item.viewablePeriod?.end),
  fields,
});

/** What `/<type>/create` and `/<type>/update` take (checked by the same schema on both sides). */
export function formToInput<FV>(f: ContentFormValues<FV>, fields: unknown): Record<string, unknown> {
  return {
    ...commonToInput(f),
    viewableStart: fromLocalInput(f.viewableStart),
    viewableEnd: fromLocalInput(f.viewableEnd),
    fields,
  };
}
