/**
 * The CSV and Excel buttons of everything that exports a table (a register's list, the timeline, the pending list
 * report): one look, one loading state, one way to say there is nothing to export.
 */
import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportButtonsProps {
  onExport: (format: ExportFormat) => void;
  /** The file being written (its button spins). */
  exporting?: ExportFormat | null;
  /** Nothing to export. */
  disabled?: boolean;
  /** `data-testid` of the buttons: `<testId>-csv`, `<testId>-xlsx`. */
  testId?: string;
}

export function ExportButtons({ onExport, exporting = null, disabled = false, testId }: ExportButtonsProps) {
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileTypeCsv size={16} />}
        loading={exporting === 'csv'}
        disabled={disabled}
        onClick={() => onExport('csv')}
        data-testid={testId ? `${testId}-csv` : undefined}
      >
        CSV
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={exporting === 'xlsx'}
        disabled={disabled}
        onClick={() => onExport('xlsx')}
        data-testid={testId ? `${testId}-xlsx` : undefined}
      >
        Excel
      </Button>
    </>
  );
}
