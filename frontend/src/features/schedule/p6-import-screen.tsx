/**
 * `/dataentry/importp6`: import a Primavera P6 programme from one .xer file (drop or choose it), then see what the
 * import stored per project (activities, milestones, WBS nodes, data date; an update keeps the previous import as
 * the baseline and says how many activities were removed), its relationships and warnings with their lines; and
 * the projects imported so far and the recent imports. State lives in `useP6Import`.
 */
import '@mantine/dropzone/styles.css';

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCalendarStats, IconFileImport, IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { ScheduleProject, XerImportLogEntry, XerImportSummary } from '../../api/schedule';
import { formatIndianDateTime, groupIndian } from '../../lib/format';
import { Trans, translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { dayText } from './day-text';
import { parseScheduleDate } from './schedule-tasks';
import { type P6ImportController, useP6Import } from './use-p6-import';

const count = (n: number) => groupIndian(n, 0);
const timelineOf = (id: number) => `/dataentry/timeline?project=${id}`;

export function P6ImportScreen() {
  const { t } = useTranslation();
  const screen = useP6Import();
  const phone = useMobileView();
  return (
    <Stack gap="md" data-testid="p6-import-screen">
      <Title order={2}>{t('Primavera P6 import')}</Title>
      <Drop screen={screen} phone={phone} />
      {screen.refusal ? (
        <Alert
          color="red"
          title={t('The file was not imported')}
          role="alert"
          withCloseButton
          onClose={screen.dismissRefusal}
          data-testid="p6-refusal"
        >
          {screen.refusal}
          <Text size="xs" mt={4}>
            {t('Nothing was stored.')}
          </Text>
        </Alert>
      ) : null}
      {screen.summary ? <Summary summary={screen.summary} fileName={screen.fileName} /> : null}
      <Projects screen={screen} phone={phone} />
      <Imports screen={screen} phone={phone} />
    </Stack>
  );
}

function Drop({ screen, phone }: { screen: P6ImportController; phone: boolean }) {
  const { t } = useTranslation();
  const busy = screen.progress !== null;
  return (
    <Stack gap={6}>
      <Dropzone
        onDrop={(files) => void screen.importFiles(files)}
        onReject={(rejections) => void screen.importFiles(rejections.map((r) => r.file))}
        multiple={false}
        loading={busy}
        disabled={busy}
        aria-label={t('Drop the .xer file here to import it')}
        // The hidden file input is named too (axe `label`): assistive technology may reach it.
        inputProps={{ 'aria-label': t('Drop the .xer file here to import it') }}
        p={phone ? 'sm' : 'lg'}
        data-testid="p6-dropzone"
      >
        <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileImport size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text fw={600}>
              {phone ? t('Tap to choose the .xer file') : t('Drag the .xer file here, or click to choose it')}
            </Text>
            <Text size="xs" c="dimmed">
              {t(
                'One file exported from Primavera P6 (XER). A project imported before is updated, and its previous import is kept as the baseline.',
              )}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {busy ? (
        <Stack gap={4} aria-live="polite">
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {(screen.progress ?? 0) < 1
                ? t('Sending {{name}}… {{percent}}%', {
                    name: screen.fileName ?? t('the file'),
                    percent: Math.round((screen.progress ?? 0) * 100),
                  })
                : t('Reading and storing {{name}}…', { name: screen.fileName ?? t('the file') })}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={screen.cancel}>
              {t('Cancel')}
            </Button>
          </Group>
          <Progress
            value={Math.round((screen.progress ?? 0) * 100)}
            animated
            aria-label={t('Import progress')}
            data-testid="p6-progress"
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

function Summary({ summary, fileName }: { summary: XerImportSummary; fileName: string | null }) {
  const { t } = useTranslation();
  const file = fileName ?? t('The file');
  return (
    <Paper withBorder p="md" data-testid="p6-summary">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>
            <Trans
              i18nKey={
                summary.projects.length === 1
                  ? '{{file}} imported: {{projects}} project, <count>{{relationships}}</count> relationships'
                  : '{{file}} imported: {{projects}} projects, <count>{{relationships}}</count> relationships'
              }
              values={{
                file,
                projects: count(summary.projects.length),
                relationships: count(summary.relationships),
              }}
              components={{ count: <span data-testid="p6-summary-relationships" /> }}
            />
          </Text>
          <Badge color={summary.warnings.length > 0 ? 'yellow' : 'green'}>
            {summary.warnings.length === 0
              ? t('No warnings')
              : summary.warnings.length === 1
                ? t('1 warning')
                : t('{{count}} warnings', { count: count(summary.warnings.length) })}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
          {summary.projects.map((p) => (
            <Paper key={p.id} withBorder p="sm" data-testid="p6-summary-project" data-project={p.short_name}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600}>{p.short_name}</Text>
                {p.updated ? (
                  <Badge color="blue" variant="light">
                    {t('Updated')}
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    {t('New')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" mb={4}>
                {p.name}
              </Text>
              <Facts
                items={[
                  [t('Activities'), <span data-testid="p6-count-activities">{count(p.activities)}</span>],
                  [t('Milestones'), <span data-testid="p6-count-milestones">{count(p.milestones)}</span>],
                  [t('WBS nodes'), <span data-testid="p6-count-wbs">{count(p.wbs)}</span>],
                  [t('Data date'), dayText(parseScheduleDate(p.data_date)) || '—'],
                ]}
              />
              {p.updated ? (
                <Text size="xs" mt={4} data-testid="p6-updated">
                  {p.removed === 0
                    ? t('Updated — the previous import is kept as the baseline; no activity was removed.')
                    : p.removed === 1
                      ? t(
                          'Updated — the previous import is kept as the baseline; 1 activity no longer in the file was removed.',
                        )
                      : t(
                          'Updated — the previous import is kept as the baseline; {{count}} activities no longer in the file were removed.',
                          { count: count(p.removed) },
                        )}
                </Text>
              ) : null}
              <Anchor component={Link} to={timelineOf(p.id)} size="sm" mt={6} display="inline-block">
                <Group gap={4}>
                  <IconCalendarStats size={14} /> {t('Open in timeline')}
                </Group>
              </Anchor>
            </Paper>
          ))}
        </SimpleGrid>
        {summary.warnings.length > 0 ? (
          <Alert color="yellow" title={t('Warnings (the import went ahead)')} data-testid="p6-warnings">
            <List size="sm" spacing={2}>
              {summary.warnings.slice(0, 200).map((w, i) => (
                <List.Item key={`${w.line}-${i}`}>
                  {w.line > 0
                    ? t('Line {{line}}: {{message}}', { line: w.line, message: t(w.message) })
                    : t(w.message)}
                </List.Item>
              ))}
            </List>
            {summary.warnings.length > 200 ? (
              <Text size="xs" mt={4}>
                {t('…and {{count}} more; the import log keeps them all.', {
                  count: count(summary.warnings.length - 200),
                })}
              </Text>
            ) : null}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={2} spacing={2} verticalSpacing={0}>
      {items.map(([label, value]) => [
        <Text key={`${label}-l`} size="sm" c="dimmed">
          {label}
        </Text>,
        <Text key={`${label}-v`} size="sm" fw={600}>
          {value}
        </Text>,
      ])}
    </SimpleGrid>
  );
}

function Projects({ screen, phone }: { screen: P6ImportController; phone: boolean }) {
  const { t } = useTranslation();
  const { projects } = screen;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('Imported projects')}
      </Title>
      {projects.isPending ? (
        <Loader size="sm" />
      ) : projects.isError ? (
        <Text c="red">{errorMessage(projects.error)}</Text>
      ) : projects.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('No project has been imported yet.')}
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {projects.data.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover data-testid="p6-projects">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Project')}</Table.Th>
                <Table.Th ta="right">{t('Activities')}</Table.Th>
                <Table.Th ta="right">{t('Milestones')}</Table.Th>
                <Table.Th>{t('Data date')}</Table.Th>
                <Table.Th>{t('Imported')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projects.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {p.short_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{count(p.activities)}</Table.Td>
                  <Table.Td ta="right">{count(p.milestones)}</Table.Td>
                  <Table.Td>{dayText(parseScheduleDate(p.data_date)) || '—'}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{formatIndianDateTime(p.imported_at)}</Text>
                    <Text size="xs" c="dimmed">
                      {p.imported_by ?? ''}
                      {p.baseline_import != null ? t(' · has a baseline') : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={timelineOf(p.id)} size="sm">
                      {t('Open in timeline')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function ProjectCard({ project: p }: { project: ScheduleProject }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs">
      <Text size="sm" fw={600}>
        {p.short_name}
      </Text>
      <Text size="xs" c="dimmed">
        {p.name}
      </Text>
      <Text size="xs">
        {t('{{activities}} activities, {{milestones}} milestones · data date {{date}}', {
          activities: count(p.activities),
          milestones: count(p.milestones),
          date: dayText(parseScheduleDate(p.data_date)) || '—',
        })}
      </Text>
      <Anchor component={Link} to={timelineOf(p.id)} size="sm">
        {t('Open in timeline')}
      </Anchor>
    </Paper>
  );
}

function Imports({ screen, phone }: { screen: P6ImportController; phone: boolean }) {
  const { t } = useTranslation();
  const { imports } = screen;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('Recent imports')}
      </Title>
      {imports.isPending ? (
        <Loader size="sm" />
      ) : imports.isError ? (
        <Text c="red">{errorMessage(imports.error)}</Text>
      ) : imports.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('No file has been imported yet.')}
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {imports.data.map((entry) => (
            <Paper key={entry.id} withBorder p="xs">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.file_name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatIndianDateTime(entry.at)} · {entry.user ?? ''}
              </Text>
              <Text size="xs">{importCounts(entry)}</Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="p6-imports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('When')}</Table.Th>
                <Table.Th>{t('Who')}</Table.Th>
                <Table.Th>{t('File')}</Table.Th>
                <Table.Th>{t('Counts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {imports.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="xs">{formatIndianDateTime(entry.at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{entry.user ?? ''}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }} title={`SHA-256 ${entry.sha256}`}>
                      {entry.file_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{importCounts(entry)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** What an import stored, as one sentence in the user's language. */
function importCounts(entry: XerImportLogEntry): string {
  const warnings = entry.warning_count;
  const values = {
    projects: count(entry.projects),
    activities: count(entry.activities),
    relationships: count(entry.relationships),
    warnings: count(warnings),
  };
  if (entry.projects === 1) {
    if (warnings === 0)
      return translate(
        '{{projects}} project, {{activities}} activities, {{relationships}} relationships',
        values,
      );
    if (warnings === 1)
      return translate(
        '{{projects}} project, {{activities}} activities, {{relationships}} relationships, 1 warning',
        values,
      );
    return translate(
      '{{projects}} project, {{activities}} activities, {{relationships}} relationships, {{warnings}} warnings',
      values,
    );
  }
  if (warnings === 0)
    return translate(
      '{{projects}} projects, {{activities}} activities, {{relationships}} relationships',
      values,
    );
  if (warnings === 1)
    return translate(
      '{{projects}} projects, {{activities}} activities, {{relationships}} relationships, 1 warning',
      values,
    );
  return translate(
    '{{projects}} projects, {{activities}} activities, {{relationships}} relationships, {{warnings}} warnings',
    values,
  );
}
