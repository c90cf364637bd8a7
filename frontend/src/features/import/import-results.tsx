/**
 * What a check (or a refused import) found: the counts (read, would be added, would be updated, refused), the first
 * problems row by row (row, column, value, message) and the whole list as a CSV error report.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

import type { ImportSummary } from '../../api/schema';
import { useMobileView } from '../../lib/use-mobile-view';
import { count, errorReportName, refusedText, rows, validOnlyLabel } from './import-text';
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
  const wrote = summary.committed && !summary.dry_run;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="import-counts">
      <Figure label="Rows read" value={summary.rows_read} />
      <Figure label={wrote ? 'Added' : 'Would be added'} value={summary.inserted} />
      <Figure label={wrote ? 'Updated' : 'Would be updated'} value={summary.updated} />
      <Figure label="Refused" value={summary.refused} tone={summary.refused > 0 ? 'red.8' : undefined} />
    </SimpleGrid>
  );
}

export function ImportErrors({ importer, summary }: { importer: ImportController; summary: ImportSummary }) {
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
          Download error report (CSV)
        </Button>
      </Group>
      {total > shown ? (
        <Text size="xs" c="dimmed">
          The first {count(shown)} of {count(total)} problems are shown; the error report lists them all.
        </Text>
      ) : null}
      {phone ? (
        <Stack gap={6} role="list" aria-label="Problems">
          {summary.errors.map((error, index) => (
            <Paper key={index} withBorder p="xs" role="listitem">
              <Text size="xs" c="dimmed">
                Row {count(error.row)}
                {error.label || error.column ? ` · ${error.label ?? error.column}` : ''}
                {error.value ? ` · "${error.value}"` : ''}
              </Text>
              <Text size="sm">{error.message}</Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={600} mah={360}>
          <Table striped withTableBorder stickyHeader verticalSpacing={4} aria-label="Problems">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Row</Table.Th>
                <Table.Th w={160}>Column</Table.Th>
                <Table.Th w={160}>Value</Table.Th>
                <Table.Th>What is wrong</Table.Th>
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
            Import {rows(valid)}
          </Button>
        ) : null}
        {summary.refused > 0 && valid > 0 ? (
          <Button variant="light" onClick={importer.askValidOnly} disabled={busy}>
            {validOnlyLabel(valid)}
          </Button>
        ) : null}
        <Button variant="default" onClick={importer.backToMapping} disabled={busy}>
          Back to the columns
        </Button>
        <Button variant="default" onClick={importer.restart} disabled={busy}>
          Choose another file
        </Button>
      </Group>
      {summary.refused > 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is imported while a row is refused. Fix those rows in the file and check it again
          {valid > 0 ? ', or import only the valid rows and deal with the others later' : ''}.
        </Text>
      ) : valid === 0 ? (
        <Text size="sm" c="dimmed">
          The file has no rows to import.
        </Text>
      ) : null}
    </Stack>
  );
}

/** After the import: what was written, and the rows left out when only the valid ones were imported. */
export function ImportDone({ importer }: { importer: ImportController }) {
  const summary = importer.outcome;
  if (!summary) return null;
  const written = summary.inserted + summary.updated;
  return (
    <Stack gap="sm" data-testid="import-done">
      <Text fw={600} c="green.8" role="status">
        Imported {rows(written)} from {summary.file_name}: {count(summary.inserted)} added,{' '}
        {count(summary.updated)} updated
        {summary.refused > 0 ? `; ${rows(summary.refused)} left out` : ''}.
      </Text>
      <ImportCounts summary={summary} />
      <ImportErrors importer={importer} summary={summary} />
      <Group gap="xs">
        <Button variant="default" onClick={importer.restart}>
          Import another file
        </Button>
      </Group>
    </Stack>
  );
}
