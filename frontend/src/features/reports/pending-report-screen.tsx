/**
 * The pending list report (`/reports/pendinglist`): everything waiting on someone in the registers the reader
 * reads, for a manager chasing the week's work. A table of people (how much waits on each, how much is overdue, the
 * longest wait; a click narrows the list to them), filters by person, register and overdue, the records with a link
 * to each, and CSV / Excel of what is shown. State lives in `usePendingReportController`.
 */
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';

import type { PendingReportRow, Screen } from '../../api/schema';
import { groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { LoadError } from '../notices';
import { ExportButtons } from '../screens';
import { DueDate, waitingText } from '../shell';
import { personName } from './pending-report';
import { type PendingReportController, usePendingReportController } from './use-pending-report';

/** Rows drawn at most; the export has them all. */
const SHOWN_ROWS = 500;

export function PendingReportScreen({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const report = usePendingReportController();
  return (
    <Stack gap="md" data-testid="pending-report">
      <Group justify="space-between" align="end" gap="sm">
        <Stack gap={0}>
          <Title order={2}>{t(screen.title)}</Title>
          <Text size="sm" c="dimmed">
            {t('Everything waiting on someone in the registers you read.')}
          </Text>
        </Stack>
        <Group gap="xs">
          <ExportButtons
            onExport={(format) => void report.exportAs(format)}
            disabled={report.rows.length === 0}
            testId="pending-report"
          />
        </Group>
      </Group>
      <Body report={report} />
    </Stack>
  );
}

function Body({ report }: { report: PendingReportController }) {
  const { t } = useTranslation();
  if (report.report.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('Reading what waits on whom…')}</Text>
      </Group>
    );
  }
  if (report.report.isError) {
    return (
      <LoadError
        title={t('The pending list could not be read')}
        error={report.report.error}
        retry={() => void report.report.refetch()}
      />
    );
  }
  if (report.total === 0) {
    return (
      <Paper withBorder p="lg" data-testid="pending-report-empty">
        <Text>{t('Nothing is waiting on anyone in the registers you read.')}</Text>
      </Paper>
    );
  }
  return (
    <>
      {report.truncated.length > 0 ? (
        <Alert color="yellow">
          {t('{{registers}}: only the first records due are listed; open the register for the rest.', {
            registers: report.truncated.join(', '),
          })}
        </Alert>
      ) : null}
      <PeopleTable report={report} />
      <Filters report={report} />
      <Records report={report} />
    </>
  );
}

function PeopleTable({ report }: { report: PendingReportController }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm" mb={4}>
        {report.people.length === 1
          ? t('Waiting on 1 person')
          : t('Waiting on {{count}} people', { count: report.people.length })}
      </Text>
      <ScrollArea.Autosize mah={260}>
        <Table verticalSpacing={4} highlightOnHover data-testid="pending-report-people">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Person')}</Table.Th>
              <Table.Th ta="right">{t('Waiting')}</Table.Th>
              <Table.Th ta="right">{t('Overdue')}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('Longest wait')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.people.map((person) => {
              const chosen = report.filter.person === person.id;
              return (
                <Table.Tr key={person.id} bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => report.setFilter({ person: chosen ? null : person.id })}
                      aria-pressed={chosen}
                      fw={chosen ? 700 : 500}
                      c="var(--mantine-primary-color-filled)"
                    >
                      {person.name}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td ta="right">{groupIndian(person.count, 0)}</Table.Td>
                  <Table.Td ta="right">
                    {person.overdue > 0 ? (
                      <Badge color="red" variant="light">
                        {groupIndian(person.overdue, 0)}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {person.longestWait === null ? '' : waitingText(person.longestWait)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}

function Filters({ report }: { report: PendingReportController }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="end" role="search" aria-label={t('Filter the pending list')}>
      <Select
        label={t('Person')}
        placeholder={t('Everyone')}
        data={report.people.map((person) => ({ value: String(person.id), label: person.name }))}
        value={report.filter.person === null ? null : String(report.filter.person)}
        onChange={(value) => report.setFilter({ person: value ? Number(value) : null })}
        searchable
        clearable
        w={{ base: '100%', xs: 240 }}
        data-testid="pending-report-person"
      />
      <Select
        label={t('Register')}
        placeholder={t('Every register')}
        data={report.registers}
        value={report.filter.register}
        onChange={(value) => report.setFilter({ register: value })}
        searchable
        clearable
        w={{ base: '100%', xs: 240 }}
        data-testid="pending-report-register"
      />
      <Switch
        label={t('Overdue only')}
        checked={report.filter.overdueOnly}
        onChange={(event) => report.setFilter({ overdueOnly: event.currentTarget.checked })}
        mb={6}
        data-testid="pending-report-overdue"
      />
    </Group>
  );
}

function Records({ report }: { report: PendingReportController }) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const shown = report.rows.slice(0, SHOWN_ROWS);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" data-testid="pending-report-count">
        {report.rows.length === 1
          ? t('1 record')
          : report.rows.length > SHOWN_ROWS
            ? t('{{records}} records; the first {{shown}} shown, the export has them all', {
                records: groupIndian(report.rows.length, 0),
                shown: SHOWN_ROWS,
              })
            : t('{{records}} records', { records: groupIndian(report.rows.length, 0) })}
      </Text>
      {report.rows.length === 0 ? (
        <Paper withBorder p="md">
          <Text size="sm">{t('No record matches these filters.')}</Text>
        </Paper>
      ) : phone ? (
        <RecordCards rows={shown} />
      ) : (
        <RecordTable rows={shown} />
      )}
    </Stack>
  );
}

/** The record's number, a link to its form when the register gives one, and its title under it. */
function RecordName({ row }: { row: PendingReportRow }) {
  const number = row.document.c_doc_no ?? row.document.id;
  return (
    <>
      {row.document.record_url ? (
        <Anchor component={Link} to={row.document.record_url} fw={500}>
          {number}
        </Anchor>
      ) : (
        number
      )}
      {row.document.title ? (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {row.document.title}
        </Text>
      ) : null}
    </>
  );
}

function RecordTable({ rows }: { rows: readonly PendingReportRow[] }) {
  const { t } = useTranslation();
  return (
    <Table striped verticalSpacing="xs" data-testid="pending-report-rows">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Waiting on')}</Table.Th>
          <Table.Th>{t('Register')}</Table.Th>
          <Table.Th>{t('Number and title')}</Table.Th>
          <Table.Th miw={200}>{t('Due')}</Table.Th>
          <Table.Th miw={130}>{t('Waiting')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.document.id} data-overdue={row.document.overdue ? 'true' : undefined}>
            <Table.Td>{personName(row)}</Table.Td>
            <Table.Td>{row.register}</Table.Td>
            <Table.Td>
              <RecordName row={row} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DueDate document={row.document} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{waitingText(row.document.days_waiting)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A phone's list: one block per record, nothing to scroll sideways. */
function RecordCards({ rows }: { rows: readonly PendingReportRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="pending-report-rows">
      {rows.map((row, index) => (
        <Stack
          key={row.document.id}
          component="li"
          gap={2}
          py="xs"
          style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-gray-3)' : undefined }}
          data-overdue={row.document.overdue ? 'true' : undefined}
        >
          <Text size="xs" c="dimmed">
            {row.register} · {t('waiting on {{person}}', { person: personName(row) })}
          </Text>
          <div style={{ overflowWrap: 'anywhere' }}>
            <RecordName row={row} />
          </div>
          <Group gap="xs" wrap="wrap">
            <DueDate document={row.document} />
            {row.document.days_waiting !== null && row.document.days_waiting !== undefined ? (
              <Text size="sm" c="dimmed">
                {waitingText(row.document.days_waiting)}
              </Text>
            ) : null}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
