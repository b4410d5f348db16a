import { DEFAULTS } from './constants';

/** What `formatNumber` and `formatCurrency` may change of `DEFAULTS`. */
export interface NumberFormatOptions {
  /** Digits after the decimal separator; default 2, or the currency's own for `formatCurrency`. */
  decimals?: number;
  /** Between the whole part and the decimals; default `DEFAULTS.decimalSeparator`. */
  decimalSeparator?: string;
  /** Between groups of three digits; default `DEFAULTS.thousandsSeparator`. */
  thousandsSeparator?: string;
}

// Intl does the rounding, grouping and signs; only the separators are swapped for the product's.
function format(value: number, intl: Intl.NumberFormatOptions, options: NumberFormatOptions): string {
  if (!Number.isFinite(value)) return '';
  const { decimalSeparator = DEFAULTS.decimalSeparator, thousandsSeparator = DEFAULTS.thousandsSeparator, decimals } = options;
  if (decimals !== undefined) intl.minimumFractionDigits = intl.maximumFractionDigits = decimals;
  // 'negative' keeps a value that rounds to zero from showing as "-0.00".
  return new Intl.NumberFormat('en-US', { signDisplay: 'negative', ...intl })
    .formatToParts(value)
    .map((p) => (p.type === 'group' ? thousandsSeparator : p.type === 'decimal' ? decimalSeparator : p.value))
    .join('');
}

/** `1234567.891` → `'1,234,567.89'` on the defaults. Not a finite number → `''`. */
export const formatNumber = (value: number, options: NumberFormatOptions = {}): string =>
  format(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, options);

/** `1234.5` → `'$1,234.50'` on the defaults (USD). Not a finite number → `''`. */
export const formatCurrency = (
  value: number,
  currency: string = DEFAULTS.currency,
  options: NumberFormatOptions = {},
): string => {
  try {
    return format(value, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }, options);
  } catch {
    // An unknown currency code: the amount with the code in front rather than an exception.
    return `${currency} ${formatNumber(value, options)}`;
  }
};
