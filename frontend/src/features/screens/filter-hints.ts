/**
 * What the filter under a list heading accepts, in the words its placeholder and tooltip show. The gateway reads
 * the text by the column's type: numbers take comparisons and ranges, dates whole periods, comparisons and ranges
 * of them, text is matched by "contains"; anything else in a number or date filter is refused with a message.
 */
import type { ColumnDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { isNumberType } from '../../lib/column-types';

export interface FilterHint {
  /** Short enough for the box under the heading. */
  placeholder: string;
  /** Everything the filter accepts, for the tooltip. */
  title: string;
}

export function filterHint(column: Pick<ColumnDef, 'type' | 'label'>): FilterHint {
  if (isNumberType(column.type)) {
    return {
      placeholder: translate('e.g. >20 or 10..20'),
      title: translate(
        '{{label}}: a number (20), a comparison (>20, >=20, <20, <=20, =20) or a range (10..20, 10.., ..20)',
        { label: column.label },
      ),
    };
  }
  if (column.type === 'date' || column.type === 'timestamp' || column.type === 'timestamptz') {
    return {
      placeholder: translate('e.g. 2026-03 or 2026-01..2026-03'),
      title: translate(
        '{{label}}: a year, month or day (2026, 2026-03, 2026-03-15), a comparison (>2026-01-15) or a range (2026-01..2026-03, both ends included)',
        { label: column.label },
      ),
    };
  }
  return {
    placeholder: translate('Contains…'),
    title: translate('{{label}}: rows whose {{label}} contains the text', { label: column.label }),
  };
}
