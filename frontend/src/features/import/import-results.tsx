/**
 * What a check (or a refused import) found: the counts (read, would be added, would be updated, refused), the first
 * problems row by row (row, column, value, message) and the whole list as a CSV error report.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

import type { ImportSummary } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { count, errorReportName, refusedText, validOnlyLabel } from './import-text';
import type { ImportController } from './use-import-controller';

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} c={tone}>
        {count(value)}
      </Text>
    </Paper>
  );
}

export function ImportCounts({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation();
  const wrote = summary.committed && !summary.dry_run;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="import-counts">
      <Figure label={t('Rows read')} value={summary.rows_read} />
      <Figure label={wrote ? t('Added') : t('Would be added')} value={summary.inserted} />
      <Figure label={wrote ? t('Updated') : t('Would be updated')} value={summary.updated} />
      <Figure label={t('Refused')} value={summary.refused} tone={summary.refused > 0 ? 'red.8' : undefined} />
    </SimpleGrid>
  );
}

export function ImportErrors({ importer, summary }: { importer: ImportController; summary: ImportSummary }) {
  const { t } = useTranslation();
  const phone = useMobileView();
  if (summary.refused === 0 && summary.errors.length === 0) return null;
  const shown = summary.errors.length;
  const total = Math.max(summary.errors_total, shown);
  return (
    <Stack gap="xs" data-testid="import-errors">
      <Group justify="space-between" gap="xs">
        <Text fw={600} c="red.8" data-testid="import-refused">
          {refusedText(summary.refused)}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={importer.downloadingErrors}
          onClick={() =>
            importer.downloadErrors(summary.error_report, errorReportName(summary.file_name, summary.run))
          }
        >
          {t('Download error report (CSV)')}
        </Button>
      </Group>
      {total > shown ? (
        <Text size="xs" c="dimmed">
          {t('The first {{shown}} of {{total}} problems are shown; the error report lists them all.', {
            shown: count(shown),
            total: count(total),
          })}
        </Text>
      ) : null}
      {phone ? (
        <Stack gap={6} role="list" aria-label={t('Problems')}>
          {summary.errors.map((error, index) => (
            <Paper key={index} withBorder p="xs" role="listitem">
              <Text size="xs" c="dimmed">
                {t('Row {{row}}', { row: count(error.row) })}
                {error.label || error.column ? ` · ${error.label ?? error.column}` : ''}
                {error.value ? ` · "${error.value}"` : ''}
              </Text>
              <Text size="sm">{error.message}</Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={600} mah={360}>
          <Table striped withTableBorder stickyHeader verticalSpacing={4} aria-label={t('Problems')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('Row')}</Table.Th>
                <Table.Th w={160}>{t('Column')}</Table.Th>
                <Table.Th w={160}>{t('Value')}</Table.Th>
                <Table.Th>{t('What is wrong')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.errors.map((error, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{count(error.row)}</Table.Td>
                  <Table.Td>{error.label ?? error.column ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{error.value ?? ''}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The check's outcome and what can be done next: import every row, or only the valid ones, or fix the file. */
export function ImportResults({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const summary = importer.checked;
  if (!summary) return null;
  const busy = importer.running !== null;
  const valid = importer.validRows;
  return (
    <Stack gap="sm" data-testid="import-results">
      <ImportCounts summary={summary} />
      <ImportErrors importer={importer} summary={summary} />
      <Group gap="xs" wrap="wrap">
        {summary.refused === 0 && valid > 0 ? (
          <Button onClick={importer.importAll} loading={busy && !importer.running?.dryRun} disabled={busy}>
            {valid === 1
              ? t('Import {{count}} row', { count: count(valid) })
              : t('Import {{count}} rows', { count: count(valid) })}
          </Button>
        ) : null}
        {summary.refused > 0 && valid > 0 ? (
          <Button variant="light" onClick={importer.askValidOnly} disabled={busy}>
            {validOnlyLabel(valid)}
          </Button>
        ) : null}
        <Button variant="default" onClick={importer.backToMapping} disabled={busy}>
          {t('Back to the columns')}
        </Button>
        <Button variant="default" onClick={importer.restart} disabled={busy}>
          {t('Choose another file')}
        </Button>
      </Group>
      {summary.refused > 0 ? (
        <Text size="sm" c="dimmed">
          {valid > 0
            ? t(
                'Nothing is imported while a row is refused. Fix those rows in the file and check it again, or import only the valid rows and deal with the others later.',
              )
            : t('Nothing is imported while a row is refused. Fix those rows in the file and check it again.')}
        </Text>
      ) : valid === 0 ? (
        <Text size="sm" c="dimmed">
          {t('The file has no rows to import.')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** After the import: what was written, and the rows left out when only the valid ones were imported. */
export function ImportDone({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const summary = importer.outcome;
  if (!summary) return null;
  const written = summary.inserted + summary.updated;
  const figures = {
    count: count(written),
    file: summary.file_name,
    added: count(summary.inserted),
    updated: count(summary.updated),
    refused: count(summary.refused),
  };
  const outcome =
    summary.refused === 0
      ? written === 1
        ? t('Imported {{count}} row from {{file}}: {{added}} added, {{updated}} updated.', figures)
        : t('Imported {{count}} rows from {{file}}: {{added}} added, {{updated}} updated.', figures)
      : summary.refused === 1
        ? written === 1
          ? t(
              'Imported {{count}} row from {{file}}: {{added}} added, {{updated}} updated; {{refused}} row left out.',
              figures,
            )
          : t(
              'Imported {{count}} rows from {{file}}: {{added}} added, {{updated}} updated; {{refused}} row left out.',
              figures,
            )
        : written === 1
          ? t(
              'Imported {{count}} row from {{file}}: {{added}} added, {{updated}} updated; {{refused}} rows left out.',
              figures,
            )
          : t(
              'Imported {{count}} rows from {{file}}: {{added}} added, {{updated}} updated; {{refused}} rows left out.',
              figures,
            );
  return (
    <Stack gap="sm" data-testid="import-done">
      <Text fw={600} c="green.8" role="status">
        {outcome}
      </Text>
      <ImportCounts summary={summary} />
      <ImportErrors importer={importer} summary={summary} />
      <Group gap="xs">
        <Button variant="default" onClick={importer.restart}>
          {t('Import another file')}
        </Button>
      </Group>
    </Stack>
  );
}
