import * as z from 'zod/mini';
import { requiredText } from './account';
import { code, invalidValue, type ValidationCode } from './issues';
import { flagSchema } from './common';

/**
 * SPEC §5: a tax rate is below 100 (0 <= rate < 100). SPEC mentions "at most 100" only as
 * another reading; no real tax doubles a price, so 100 is far more likely a slip than a rate.
 */
export const checkTaxRate = (percentage: number): ValidationCode | undefined =>
  Number.isFinite(percentage) && percentage >= 0 && percentage < 100 ? undefined : 'validation/tax_rate_out_of_range';

/** A tax rate (stripe/tax_rate create/edit). */
export const taxRateSchema = z.object(
  {
    displayName: requiredText(50),
    percentage: z
      .number({ error: code('validation/tax_rate_out_of_range') })
      .check(z.refine((p) => !checkTaxRate(p), code('validation/tax_rate_out_of_range'))),
    inclusive: flagSchema(false),
  },
  invalidValue,
);
export type TaxRateInput = z.input<typeof taxRateSchema>;
