import { NumberInput } from '@mantine/core';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';

/** A footer order: a whole number; left empty it counts as 0 (spec §5). */
export function AdminOrderInput({
  value,
  onChange,
  withLabel = true,
}: {
  value: number | '';
  onChange: (value: number | '') => void;
  withLabel?: boolean;
}) {
  return (
    <NumberInput
      {...(withLabel ? { label: t.order } : { 'aria-label': t.order })}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : '')}
      allowDecimal={false}
      allowNegative={false}
      min={0}
      max={1_000_000}
      hideControls
      dir="ltr"
      w={withLabel ? undefined : 90}
    />
  );
}

export const orderOrZero = (value: number | '') => (value === '' ? 0 : value);
