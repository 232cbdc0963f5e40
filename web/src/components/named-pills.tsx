import { Pill, type MultiSelectProps } from '@mantine/core';

/**
 * A MultiSelect's chosen items, each with its own remove button named for it ("Remove Premium"): Mantine's own is
 * hidden from keyboards and screen readers. The whole label wraps on a phone, so two long names stay apart.
 */
export const namedPills =
  (removeLabel: (label: string) => string): NonNullable<MultiSelectProps['renderPill']> =>
  ({ option, value, onRemove, disabled }) => {
    const label = option?.label ?? String(value);
    const name = removeLabel(label);
    return (
      <Pill
        withRemoveButton={!disabled}
        onRemove={onRemove}
        disabled={disabled}
        styles={{
          root: { flex: '0 1 auto', height: 'auto', minHeight: 'var(--pill-height)', whiteSpace: 'normal', borderRadius: 'var(--mantine-radius-md)' },
          label: { height: 'auto', whiteSpace: 'normal', lineHeight: 1.35, paddingBlock: 3 },
          remove: { height: 'auto', alignSelf: 'stretch' },
        }}
        removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': name, title: name }}
      >
        {label}
      </Pill>
    );
  };
