/**
 * Printing a dashboard as the reader sees it (the filter bar's narrowing): a PDF laid out on the server for A4 or
 * A3, or the same figures as an Excel sheet with every row (`GET /api/dashboard/print`).
 */
import { Button, Group, SegmentedControl } from '@mantine/core';
import { useState } from 'react';

import { type DashboardNarrowing, type Paper, type PrintFormat, printQuery } from '../../api/dashboard';
import { useDownload } from '../../api/download';
import { useTranslation } from '../../lib/i18n';
import { noticeError } from '../notices';

export interface PrintButtonsProps {
  route: string;
  narrowing: DashboardNarrowing;
  /** The dashboard's own paper (its file's `[print]`), chosen until the reader picks another. */
  paper?: Paper;
}

export function PrintButtons({ route, narrowing, paper: ownPaper = 'a4' }: PrintButtonsProps) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<Paper>(ownPaper);
  const printer = useDownload('/api/dashboard/print');
  const printing: PrintFormat | null = printer.isPending
    ? ((printer.variables.query.find(([key]) => key === 'format')?.[1] as PrintFormat | undefined) ?? null)
    : null;
  const print = (format: PrintFormat) =>
    printer.mutate(
      { query: printQuery(route, narrowing, format, format === 'pdf' ? paper : null) },
      {
        onError: noticeError,
      },
    );
  return (
    <Group gap="xs" align="end" wrap="nowrap" role="group" aria-label={t('Print the dashboard')}>
      <SegmentedControl
        size="xs"
        value={paper}
        onChange={(value) => setPaper(value === 'a3' ? 'a3' : 'a4')}
        data={[
          { value: 'a4', label: 'A4' },
          { value: 'a3', label: 'A3' },
        ]}
        aria-label={t('Paper size of the PDF')}
        data-testid="print-paper"
      />
      <Button
        size="xs"
        variant="default"
        loading={printing === 'pdf'}
        disabled={printing !== null && printing !== 'pdf'}
        onClick={() => print('pdf')}
        data-testid="print-pdf"
      >
        PDF
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={printing === 'xlsx'}
        disabled={printing !== null && printing !== 'xlsx'}
        onClick={() => print('xlsx')}
        data-testid="print-xlsx"
      >
        {t('Excel')}
      </Button>
    </Group>
  );
}
