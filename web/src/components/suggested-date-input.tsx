import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useRef, useState, type FocusEvent, type Ref } from 'react';
import { suggestInputValue } from '../../../shared/rules/date-display';
import { useTranslation } from '../lib/i18n';

export type DateInputKind = 'date' | 'datetime';

/** `2024-05-01T10:00` / `2024-05-01` as SPEC §9 displays them (`2024/05/01 10:00`). */
const shown = (value: string) => value.replace('T', ' ').replaceAll('-', '/');

/** Types a value into the input as a person would, so whatever `onChange` the form gave it receives a real event. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A date (`YYYY-MM-DD`) or date-time (`YYYY-MM-DDTHH:mm`) input with SPEC §9's suggestion: once the operator focuses
 * it while empty, a button under it offers 31 days later (date) or tomorrow on the hour (date-time). Nothing is
 * filled until they press it; it goes away as soon as the input holds a value.
 */
export function SuggestedDateInput({ kind, onFocus, ref, ...props }: TextInputProps & { kind: DateInputKind; ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const own = useRef<HTMLInputElement>(null);
  const merged = useMergedRef(ref, own);
  const [suggestion, setSuggestion] = useState<string>();
  const empty = !props.value;
  const focus = (event: FocusEvent<HTMLInputElement>) => {
    if (empty) setSuggestion(suggestInputValue(kind, new Date()));
    onFocus?.(event);
  };
  const offer = suggestion && empty && !props.disabled && !props.readOnly ? suggestion : undefined;
  return (
    <TextInput
      {...props}
      ref={merged}
      type={kind === 'date' ? 'date' : 'datetime-local'}
      onFocus={focus}
      inputContainer={(input) => (
        <>
          {input}
          {offer && (
            <Button
              variant="subtle"
              size="compact-xs"
              mt={4}
              px={4}
              onClick={() => {
                if (!own.current) return;
                typeInto(own.current, offer);
                own.current.focus();
              }}
            >
              {t('common:dateSuggestion.use', { value: shown(offer) })}
            </Button>
          )}
        </>
      )}
    />
  );
}
