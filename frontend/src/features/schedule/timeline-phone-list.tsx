/**
 * The timeline on a phone: the WBS tree as a list (tap a WBS line to open or close it) with each activity's code,
 * name, dates and % complete, and a compact bar showing where it sits in the programme (critical red, complete
 * grey, milestones as a diamond, the data date as a line). Long lists grow by a page at a time.
 */
import { Box, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';

import { useTranslation } from '../../lib/i18n';
import { dayText } from './day-text';
import type { ScheduleRow } from './schedule-tasks';
import type { TimelineController } from './use-timeline-controller';

const PAGE = 150;

const COLOURS: Record<ScheduleRow['kind'], string> = {
  wbs: '#343a40',
  task: '#228be6',
  critical: '#e03131',
  complete: '#868e96',
  milestone: '#ae3ec9',
};

export function TimelinePhoneList({ timeline }: { timeline: TimelineController }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const { range, dataDate } = timeline.model;
  const span = range ? Math.max(1, range.end.getTime() - range.start.getTime()) : 1;
  const share = (date: Date) => (range ? ((date.getTime() - range.start.getTime()) / span) * 100 : 0);
  const rows = timeline.rows.slice(0, shown);
  return (
    <Stack gap={4} data-testid="timeline-phone-list">
      {rows.map((row) => (
        <Paper key={row.id} withBorder p={6} pl={6 + Math.min(row.level, 6) * 10} data-testid="timeline-row">
          {row.kind === 'wbs' ? (
            <UnstyledButton
              onClick={() => timeline.toggle(row.id, timeline.collapsed.has(row.id))}
              aria-expanded={!timeline.collapsed.has(row.id)}
              w="100%"
            >
              <Group gap={4} wrap="nowrap">
                {timeline.collapsed.has(row.id) ? (
                  <IconChevronRight size={16} />
                ) : (
                  <IconChevronDown size={16} />
                )}
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
              </Group>
            </UnstyledButton>
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" size="xs">
                {row.code}
              </Text>{' '}
              {row.name}
            </Text>
          )}
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {row.kind === 'milestone' ? dayText(row.start) : `${dayText(row.start)} – ${dayText(row.end)}`}
            </Text>
            {row.kind === 'wbs' ? null : (
              <Text size="xs" fw={600} c={row.critical ? 'red' : undefined}>
                {row.critical
                  ? t('{{percent}}% · critical', { percent: Math.round(row.progress) })
                  : t('{{percent}}%', { percent: Math.round(row.progress) })}
              </Text>
            )}
          </Group>
          <Box pos="relative" h={8} mt={2} bg="gray.1" style={{ borderRadius: 2 }} aria-hidden>
            {row.kind === 'milestone' ? (
              <Box
                pos="absolute"
                top={0}
                w={8}
                h={8}
                bg={row.critical ? COLOURS.critical : COLOURS.milestone}
                style={{ left: `calc(${share(row.start)}% - 4px)`, transform: 'rotate(45deg)' }}
              />
            ) : (
              <Box
                pos="absolute"
                top={row.kind === 'wbs' ? 2 : 0}
                h={row.kind === 'wbs' ? 4 : 8}
                bg={COLOURS[row.kind]}
                style={{
                  left: `${share(row.start)}%`,
                  width: `${Math.max(0.6, share(row.end) - share(row.start))}%`,
                  borderRadius: 2,
                }}
              />
            )}
            {dataDate ? (
              <Box pos="absolute" top={-2} h={12} w={2} bg="pink.6" style={{ left: `${share(dataDate)}%` }} />
            ) : null}
          </Box>
        </Paper>
      ))}
      {timeline.rows.length > shown ? (
        <Button variant="default" onClick={() => setShown((n) => n + PAGE)}>
          {t('Show more ({{count}} lines not shown)', { count: timeline.rows.length - shown })}
        </Button>
      ) : null}
    </Stack>
  );
}
