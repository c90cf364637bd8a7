/**
 * A custom report's answer on screen: its columns as the gateway names them, numbers grouped Indian style and
 * right-aligned, dates as `DD MMM, YYYY`, date-times with their time in India's zone, nothing as an em dash; a note when the preview shows only its first rows.
 */
import { Alert, Group, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';

import type { ReportColumn } from '../../api/schema';
import { formatDocumentDate, formatIndianDateTime, groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import type { CustomReports } from './use-custom-reports';

/** Decimals a number column is shown with: 2 when any of its values has a fraction, else none (a column reads
 * alike down its length). */
export function columnDecimals(values: (string | null | undefined)[]): number {
  return values.some((value) => value && /\.\d*[1-9]/.test(value)) ? 2 : 0;
}

/** A value as the console writes it (`decimals`: the column's, for a number). */
export function shownValue(
  value: string | null | undefined,
  column: Pick<ReportColumn, 'kind'>,
  decimals = 2,
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind) {
    case 'number':
      return groupIndian(value, decimals);
    case 'date':
      return formatDocumentDate(value);
    case 'datetime':
      return formatIndianDateTime(value);
    default:
      return value;
  }
}

export function ReportPreview({ reports }: { reports: CustomReports }) {
  const { t } = useTranslation();
  const { answer, running } = reports.preview;
  if (running && !answer) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('Running the report…')}</Text>
      </Group>
    );
  }
  if (!answer) {
    return (
      <Paper withBorder p="lg" data-testid="custom-report-empty">
        <Text c="dimmed">{t('Choose a register and its columns, then Run to see the report here.')}</Text>
      </Paper>
    );
  }
  const decimals = answer.columns.map((column, at) =>
    column.kind === 'number' ? columnDecimals(answer.rows.map((row) => row[at])) : 0,
  );
  return (
    <Paper withBorder p="sm" data-testid="custom-report-preview" aria-busy={running}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          {answer.register}:{' '}
          {answer.rows.length === 1
            ? answer.truncated
              ? t('1 row shown')
              : t('1 row')
            : answer.truncated
              ? t('{{rows}} rows shown', { rows: groupIndian(answer.rows.length, 0) })
              : t('{{rows}} rows', { rows: groupIndian(answer.rows.length, 0) })}
        </Text>
        {running ? <Loader size="xs" /> : null}
      </Group>
      {answer.truncated ? (
        <Alert color="yellow" mb="xs">
          {t('Only the first {{count}} rows are shown; the export has up to 10,000.', {
            count: answer.rows.length,
          })}
        </Alert>
      ) : null}
      {answer.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('No rows match the filter in the packages you read.')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={520} type="auto">
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing={4}
            miw={Math.min(answer.columns.length * 110, 1200)}
            data-testid="custom-report-table"
          >
            <Table.Thead>
              <Table.Tr>
                {answer.columns.map((column) => (
                  <Table.Th key={column.key} ta={column.kind === 'number' ? 'right' : undefined}>
                    {t(column.label)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.rows.map((row, index) => (
                <Table.Tr key={index}>
                  {answer.columns.map((column, at) => (
                    <Table.Td key={column.key} ta={column.kind === 'number' ? 'right' : undefined}>
                      {shownValue(row[at], column, decimals[at])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
