import type { UseFormReturnType } from '@mantine/form';
import { errorMessage } from '../../lib/i18n';

/**
 * The fields every content form shares, by name. Each form's values hold at least these; the shared field
 * components read and write only them.
 */
export interface CommonContentValues {
  title: string;
  overview: string;
  thumbnailKey: string | null;
  categoryId: string | null;
  tagIds: string[];
  creatorId: string | null;
  status: 'private' | 'public' | 'publicationPeriod';
  releasedAt: string;
  publicationStart: string;
  publicationEnd: string;
  isPublic: boolean;
  isListHidden: boolean;
  groupIds: string[];
  /** Stripe price ids: members need a purchase of one to see the content. */
  priceIds: string[];
  /** Files of the team's file library. */
  fileIds: string[];
}

/** A form of any content type, seen through its common fields (Mantine's form type is invariant in its values). */
export type CommonForm = UseFormReturnType<CommonContentValues>;
export const commonForm = <T extends CommonContentValues>(form: UseFormReturnType<T>): CommonForm => form as unknown as CommonForm;

/** An input's props with its error code shown as the message. */
export function inputOf(form: CommonForm, name: string) {
  const code = form.errors[name];
  return { ...form.getInputProps(name), error: typeof code === 'string' ? errorMessage(code) : undefined };
}
