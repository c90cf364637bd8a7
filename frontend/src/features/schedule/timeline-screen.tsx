/**
 * `/dataentry/timeline`: the imported P6 programme as a Gantt chart (desktop) or an activity list with a compact
 * bar column (phone), with the project and package pickers, zoom, collapse/expand and the CSV/XLSX export of the
 * rows shown. State lives in `useTimelineController`.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Switch,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLayoutList, IconListTree } from '@tabler/icons-react';
import { Link } from 'react-router';

import { groupIndian } from '../../lib/format';
import { Trans, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { ExportButtons } from '../screens';
import { dayText } from './day-text';
import { parseScheduleDate } from './schedule-tasks';
import { TimelineGantt } from './timeline-gantt';
import { TimelinePhoneList } from './timeline-phone-list';
import { type TimelineController, useTimelineController } from './use-timeline-controller';
import { ZOOM_LABELS, ZOOM_LEVELS, type ZoomLevel } from './zoom-levels';

export function TimelineScreen() {
  const { t } = useTranslation();
  const phone = useMobileView();
  const timeline = useTimelineController({ phone });
  const { projects, project } = timeline;

  if (projects.isPending) return <Loader aria-label={t('Reading the imported programmes')} />;
  if (projects.isError) {
    return (
      <Alert color="red" title={t('The programmes could not be read')} role="alert">
        {errorMessage(projects.error)}
      </Alert>
    );
  }
  if (!project) {
    return (
      <Stack>
        <Title order={2}>{t('Programme timeline')}</Title>
        <Alert color="blue" title={t('No programme has been imported yet')} data-testid="timeline-empty">
          <Trans
            i18nKey="Import a Primavera P6 .xer file on the <link>P6 import</link> screen; its projects then appear here."
            components={{ link: <Anchor component={Link} to="/dataentry/importp6" /> }}
          />
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="timeline-screen">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2}>{t('Programme timeline')}</Title>
        <Legend />
      </Group>
      <Toolbar timeline={timeline} phone={phone} />
      <Facts timeline={timeline} />
      {timeline.schedule.isError ? (
        <Alert color="red" title={t('The programme could not be read')} role="alert">
          {errorMessage(timeline.schedule.error)}
        </Alert>
      ) : timeline.schedule.isPending ? (
        <Loader aria-label={t('Reading the programme')} />
      ) : timeline.model.rows.length === 0 ? (
        <Alert color="gray" title={t('Nothing to show')}>
          {timeline.criticalOnly
            ? t('No activity of this selection is critical (total float above zero, or complete).')
            : timeline.packageId === null
              ? t('This project has no activities.')
              : t(
                  'No activity of this project belongs to the chosen package. Choose another package or All packages.',
                )}
        </Alert>
      ) : phone ? (
        <TimelinePhoneList timeline={timeline} />
      ) : (
        <Paper withBorder style={{ height: 'max(480px, calc(100dvh - 300px))', overflow: 'hidden' }}>
          <TimelineGantt
            model={timeline.model}
            collapsed={timeline.treeCollapsed}
            layout={timeline.layout}
            zoom={timeline.zoom}
            onToggle={timeline.toggle}
          />
        </Paper>
      )}
    </Stack>
  );
}

function Toolbar({ timeline, phone }: { timeline: TimelineController; phone: boolean }) {
  const { t } = useTranslation();
  const list = timeline.projects.data ?? [];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('Project')}
        data={list.map((p) => ({ value: String(p.id), label: `${p.short_name} — ${p.name}` }))}
        value={timeline.project ? String(timeline.project.id) : null}
        onChange={(value) => timeline.chooseProject(value ? Number(value) : null)}
        allowDeselect={false}
        searchable
        w={phone ? '100%' : 360}
        data-testid="timeline-project"
      />
      <Select
        label={t('Package')}
        data={[
          { value: '', label: t('All packages') },
          ...timeline.packages.map((p) => ({ value: String(p.id), label: p.code })),
        ]}
        value={timeline.packageId === null ? '' : String(timeline.packageId)}
        onChange={(value) => timeline.choosePackage(value ? Number(value) : null)}
        allowDeselect={false}
        w={phone ? '100%' : 180}
        data-testid="timeline-package"
      />
      <Switch
        label={t('Critical path only')}
        description={t('Total float zero or less, not complete')}
        checked={timeline.criticalOnly}
        onChange={(event) => timeline.showCriticalOnly(event.currentTarget.checked)}
        data-testid="timeline-critical"
      />
      {phone ? null : (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('Zoom')}
          </Text>
          <SegmentedControl
            size="xs"
            data={ZOOM_LEVELS.map((z) => ({ value: z, label: t(ZOOM_LABELS[z]) }))}
            value={timeline.zoom}
            onChange={(value) => timeline.setZoom(value as ZoomLevel)}
            aria-label={t('Zoom')}
            data-testid="timeline-zoom"
          />
        </Stack>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconListTree size={14} />}
          onClick={timeline.expandAll}
        >
          {t('Expand all')}
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconLayoutList size={14} />}
          onClick={timeline.collapseAll}
        >
          {t('Collapse all')}
        </Button>
        <ExportButtons onExport={(format) => void timeline.exportAs(format)} testId="timeline-export" />
      </Group>
    </Group>
  );
}

function Facts({ timeline }: { timeline: TimelineController }) {
  const { t } = useTranslation();
  const { project } = timeline;
  if (!project) return null;
  const critical = timeline.rows.filter((row) => row.critical).length;
  const shown = {
    count: groupIndian(timeline.activityCount, 0),
    total: groupIndian(project.activities, 0),
    critical: groupIndian(critical, 0),
  };
  return (
    <Group gap="lg" data-testid="timeline-facts">
      <Text size="sm">
        <Trans
          i18nKey="Data date <b>{{date}}</b>"
          values={{ date: dayText(parseScheduleDate(project.data_date)) || '—' }}
          components={{ b: <b /> }}
        />
      </Text>
      <Text size="sm">
        <Trans
          i18nKey="Planned <b>{{start}}</b> to <b>{{finish}}</b>"
          values={{
            start: dayText(parseScheduleDate(project.plan_start)) || '—',
            finish: dayText(parseScheduleDate(project.plan_finish)) || '—',
          }}
          components={{ b: <b /> }}
        />
      </Text>
      <Text size="sm" data-testid="timeline-shown">
        {timeline.activityCount === 0
          ? critical > 0
            ? t(
                '{{count}} of {{total}} activities in view, {{critical}} critical (open a WBS line to see its activities)',
                shown,
              )
            : t('{{count}} of {{total}} activities in view (open a WBS line to see its activities)', shown)
          : critical > 0
            ? t('{{count}} of {{total}} activities in view, {{critical}} critical', shown)
            : t('{{count}} of {{total}} activities in view', shown)}
      </Text>
      <Text size="sm" c="dimmed">
        {project.baseline_import == null
          ? t('No baseline yet: the next import of this project keeps this one as its baseline.')
          : t('Baseline (orange): the planned dates of import {{number}}, the one before this', {
              number: project.baseline_import,
            })}
      </Text>
    </Group>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" aria-label={t('Legend')} data-testid="timeline-legend">
      <Badge color="blue" variant="filled" radius="xs">
        {t('Planned')}
      </Badge>
      <Badge color="red" variant="filled" radius="xs">
        {t('Critical (float ≤ 0)')}
      </Badge>
      <Badge color="gray" variant="filled" radius="xs">
        {t('Complete')}
      </Badge>
      <Badge color="dark" variant="light" radius="xs">
        {t('Actual')}
      </Badge>
      <Badge color="orange" variant="filled" radius="xs">
        {t('Baseline')}
      </Badge>
      <Badge color="grape" variant="filled" radius="xs">
        {t('◆ Milestone')}
      </Badge>
      <Badge color="pink" variant="outline" radius="xs">
        {t('┆ Data date')}
      </Badge>
    </Group>
  );
}
