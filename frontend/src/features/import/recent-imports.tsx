/**
 * The recent imports into this register (the user's own; an administrator's: everyone's): who, when, which file,
 * what it did, and the error report of any run with refused rows.
 */
import { Alert, Anchor, Badge, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { useImportRuns } from '../../api/imports';
import type { ImportRun } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { count, errorReportName } from './import-text';
import type { ImportController } from './use-import-controller';

/** Runs shown before "Show all". */
const FIRST_RUNS = 5;

/** A run's status: its label (English, shown through `t()`) and colour. */
const STATUS: Readonly<Record<string, { label: string; color: string }>> = {
  running: { label: 'Running', color: 'gray' },
  checked: { label: 'Checked', color: 'blue' },
  committed: { label: 'Imported', color: 'green' },
  refused: { label: 'Refused', color: 'red' },
  failed: { label: 'Failed', color: 'red' },
};

function StatusBadge({ run }: { run: ImportRun }) {
  const { t } = useTranslation();
  const status = STATUS[run.status];
  return (
    <Badge
      variant="light"
      color={status?.color ?? 'gray'}
      title={run.message ?? undefined}
      style={{ flexShrink: 0 }}
    >
      {status ? t(status.label) : run.status}
    </Badge>
  );
}

/** Why a run failed or was refused as a whole, in the gateway's words. */
function RunMessage({ run }: { run: ImportRun }) {
  if (!run.message || run.status === 'checked' || run.status === 'committed') return null;
  return (
    <Text size="xs" c="red.8">
      {run.message}
    </Text>
  );
}

function countsText(run: ImportRun): string {
  const figures = {
    read: count(run.rows_read),
    added: count(run.inserted),
    updated: count(run.updated),
    refused: count(run.refused),
  };
  return run.status === 'committed'
    ? translate('{{read}} read · {{added}} added · {{updated}} updated · {{refused}} refused', figures)
    : translate('{{read}} read · {{added}} new · {{updated}} to update · {{refused}} refused', figures);
}

export function RecentImports({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const runs = useImportRuns(importer.entry);
  const phone = useMobileView();
  const [all, setAll] = useState(false);
  const shown = all ? (runs.data ?? []) : (runs.data ?? []).slice(0, FIRST_RUNS);
  const more =
    !all && (runs.data?.length ?? 0) > FIRST_RUNS ? (
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setAll(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('Show all {{count}} recent imports', { count: runs.data?.length ?? 0 })}
      </Button>
    ) : null;
  const report = (run: ImportRun) =>
    run.refused > 0 ? (
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        onClick={() =>
          importer.downloadErrors(
            `/api/import/runs/${run.run}/errors.csv`,
            errorReportName(run.file_name, run.run),
          )
        }
      >
        {t('Error report')}
      </Anchor>
    ) : null;
  return (
    <Stack gap="xs" data-testid="recent-imports">
      <Title order={4}>{t('Recent imports')}</Title>
      {runs.isPending ? (
        <Loader size="sm" aria-label={t('Loading the recent imports')} />
      ) : runs.isError ? (
        <Alert color="red" title={t('The recent imports could not be loaded')} role="alert">
          {errorMessage(runs.error)}
        </Alert>
      ) : runs.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('No imports into this register yet.')}
        </Text>
      ) : phone ? (
        <Stack gap={6} role="list" aria-label={t('Recent imports')}>
          {shown.map((run) => (
            <Paper key={run.run} withBorder p="xs" role="listitem">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {run.file_name} <StatusBadge run={run} />
              </Text>
              <Text size="xs" c="dimmed">
                {run.user_name ?? t('Unknown user')} · {formatIndianDateTime(run.started)}
              </Text>
              <Text size="xs">{countsText(run)}</Text>
              <RunMessage run={run} />
              {report(run)}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720} mah={320}>
          <Table striped withTableBorder stickyHeader verticalSpacing={4} aria-label={t('Recent imports')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('When')}</Table.Th>
                <Table.Th>{t('Who')}</Table.Th>
                <Table.Th>{t('File')}</Table.Th>
                <Table.Th>{t('Rows')}</Table.Th>
                <Table.Th w={120}>{t('Status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((run) => (
                <Table.Tr key={run.run}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIndianDateTime(run.started)}</Table.Td>
                  <Table.Td>{run.user_name ?? t('Unknown user')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{run.file_name}</Table.Td>
                  <Table.Td>
                    {countsText(run)}
                    <RunMessage run={run} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge run={run} />
                  </Table.Td>
                  <Table.Td>{report(run)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {more}
    </Stack>
  );
}
