/**
 * The CSV and Excel buttons of everything that exports a table (a register's list, the timeline, the pending list
 * report, a custom report, which adds PDF): one look, one loading state, one way to say there is nothing to export.
 */
import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';

import { useTranslation } from '../../lib/i18n';

/** The table files every export writes. */
export type ExportFormat = 'csv' | 'xlsx';
/** With a PDF (a custom report). */
type ReportExportFormat = ExportFormat | 'pdf';

export type ExportButtonsProps =
  | (CommonProps & {
      onExport: (format: ExportFormat) => void;
      exporting?: ExportFormat | null;
      pdf?: false;
    })
  | (CommonProps & {
      onExport: (format: ReportExportFormat) => void;
      exporting?: ReportExportFormat | null;
      /** A PDF button too. */
      pdf: true;
    });

interface CommonProps {
  /** Nothing to export. */
  disabled?: boolean;
  /** `data-testid` of the buttons: `<testId>-csv`, `<testId>-xlsx`. */
  testId?: string;
}

export function ExportButtons(props: ExportButtonsProps) {
  const { t } = useTranslation();
  const { exporting = null, disabled = false, testId } = props;
  const onExport = (format: ReportExportFormat) => {
    if (props.pdf) props.onExport(format);
    else if (format !== 'pdf') props.onExport(format);
  };
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
        {t('Excel')}
      </Button>
      {props.pdf ? (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileTypePdf size={16} />}
          loading={exporting === 'pdf'}
          disabled={disabled}
          onClick={() => onExport('pdf')}
          data-testid={testId ? `${testId}-pdf` : undefined}
        >
          PDF
        </Button>
      ) : null}
    </>
  );
}
