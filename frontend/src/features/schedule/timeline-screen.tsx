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
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLayoutList, IconListTree } from '@tabler/icons-react';
import { Link } from 'react-router';

import { groupIndian } from '../../lib/format';
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
  const phone = useMobileView();
  const timeline = useTimelineController({ phone });
  const { projects, project } = timeline;

  if (projects.isPending) return <Loader aria-label="Reading the imported programmes" />;
  if (projects.isError) {
    return (
      <Alert color="red" title="The programmes could not be read" role="alert">
        {errorMessage(projects.error)}
      </Alert>
    );
  }
  if (!project) {
    return (
      <Stack>
        <Title order={2}>Programme timeline</Title>
        <Alert color="blue" title="No programme has been imported yet" data-testid="timeline-empty">
          Import a Primavera P6 .xer file on the{' '}
          <Anchor component={Link} to="/dataentry/importp6">
            P6 import
          </Anchor>{' '}
          screen; its projects then appear here.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="timeline-screen">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2}>Programme timeline</Title>
        <Legend />
      </Group>
      <Toolbar timeline={timeline} phone={phone} />
      <Facts timeline={timeline} />
      {timeline.schedule.isError ? (
        <Alert color="red" title="The programme could not be read" role="alert">
          {errorMessage(timeline.schedule.error)}
        </Alert>
      ) : timeline.schedule.isPending ? (
        <Loader aria-label="Reading the programme" />
      ) : timeline.model.rows.length === 0 ? (
        <Alert color="gray" title="Nothing to show">
          {timeline.packageId === null
            ? 'This project has no activities.'
            : 'No activity of this project belongs to the chosen package. Choose another package or All packages.'}
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
  const list = timeline.projects.data ?? [];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Project"
        data={list.map((p) => ({ value: String(p.id), label: `${p.short_name} — ${p.name}` }))}
        value={timeline.project ? String(timeline.project.id) : null}
        onChange={(value) => timeline.chooseProject(value ? Number(value) : null)}
        allowDeselect={false}
        searchable
        w={phone ? '100%' : 360}
        data-testid="timeline-project"
      />
      <Select
        label="Package"
        data={[
          { value: '', label: 'All packages' },
          ...timeline.packages.map((p) => ({ value: String(p.id), label: p.code })),
        ]}
        value={timeline.packageId === null ? '' : String(timeline.packageId)}
        onChange={(value) => timeline.choosePackage(value ? Number(value) : null)}
        allowDeselect={false}
        w={phone ? '100%' : 180}
        data-testid="timeline-package"
      />
      {phone ? null : (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Zoom
          </Text>
          <SegmentedControl
            size="xs"
            data={ZOOM_LEVELS.map((z) => ({ value: z, label: ZOOM_LABELS[z] }))}
            value={timeline.zoom}
            onChange={(value) => timeline.setZoom(value as ZoomLevel)}
            aria-label="Zoom"
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
          Expand all
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconLayoutList size={14} />}
          onClick={timeline.collapseAll}
        >
          Collapse all
        </Button>
        <ExportButtons onExport={(format) => void timeline.exportAs(format)} testId="timeline-export" />
      </Group>
    </Group>
  );
}

function Facts({ timeline }: { timeline: TimelineController }) {
  const { project } = timeline;
  if (!project) return null;
  const critical = timeline.rows.filter((row) => row.critical).length;
  return (
    <Group gap="lg" data-testid="timeline-facts">
      <Text size="sm">
        Data date <b>{dayText(parseScheduleDate(project.data_date)) || '—'}</b>
      </Text>
      <Text size="sm">
        Planned <b>{dayText(parseScheduleDate(project.plan_start)) || '—'}</b> to{' '}
        <b>{dayText(parseScheduleDate(project.plan_finish)) || '—'}</b>
      </Text>
      <Text size="sm" data-testid="timeline-shown">
        {groupIndian(timeline.activityCount, 0)} of {groupIndian(project.activities, 0)} activities in view
        {critical > 0 ? `, ${groupIndian(critical, 0)} critical` : ''}
        {timeline.activityCount === 0 ? ' (open a WBS line to see its activities)' : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {project.baseline_import == null
          ? 'No baseline yet: the next import of this project keeps this one as its baseline.'
          : `Baseline (orange): the planned dates of import ${project.baseline_import}, the one before this`}
      </Text>
    </Group>
  );
}

function Legend() {
  return (
    <Group gap="xs" aria-label="Legend" data-testid="timeline-legend">
      <Badge color="blue" variant="filled" radius="xs">
        Planned
      </Badge>
      <Badge color="red" variant="filled" radius="xs">
        Critical (float ≤ 0)
      </Badge>
      <Badge color="gray" variant="filled" radius="xs">
        Complete
      </Badge>
      <Badge color="dark" variant="light" radius="xs">
        Actual
      </Badge>
      <Badge color="orange" variant="filled" radius="xs">
        Baseline
      </Badge>
      <Badge color="grape" variant="filled" radius="xs">
        ◆ Milestone
      </Badge>
      <Badge color="pink" variant="outline" radius="xs">
        ┆ Data date
      </Badge>
    </Group>
  );
}
