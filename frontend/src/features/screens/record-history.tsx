/**
 * A record's History tab: a timeline, newest first, of who did what and when (DD MMM, YYYY with the time),
 * transitions with their from → to states and comment, and every field change as "Label: before → after".
 */
import { Alert, Center, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconArrowRight, IconEdit, IconPaperclip, IconPlus, IconRoute } from '@tabler/icons-react';

import type { HistoryEntry, ScreenMeta, StateDef, WorkflowDef } from '../../api/schema';
import { useRecordHistory } from '../../api/screens';
import { formatIndianDateTime } from '../../lib/format';
import { translate, useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { changeText, createdState, historyHeading, shownChanges } from './history';
import { StateBadge } from './state-badge';
import { stateByLabel, stateOf } from './workflow';

export interface RecordHistoryProps {
  meta: ScreenMeta;
  recordKey: string;
  /** Read only once the tab is shown. */
  active: boolean;
}

function bulletOf(entry: HistoryEntry) {
  if (entry.action === 'create') return <IconPlus size={12} />;
  if (entry.action === 'transition') return <IconRoute size={12} />;
  if (entry.file) return <IconPaperclip size={12} />;
  return <IconEdit size={12} />;
}

export function RecordHistory({ meta, recordKey, active }: RecordHistoryProps) {
  const { t } = useTranslation();
  const history = useRecordHistory(meta.entry, recordKey, active);
  const workflow = meta.workflow ?? undefined;
  if (history.isPending) {
    return (
      <Center h={160}>
        <Loader aria-label={t('Loading the history')} />
      </Center>
    );
  }
  if (history.isError) {
    return (
      <Alert color="red" title={t('The history could not be loaded')} role="alert">
        {errorMessage(history.error)}
      </Alert>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('Nothing has been recorded for this record yet.')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={22} lineWidth={2} py="xs" data-testid="record-history" aria-label={t('History')}>
      {history.data.map((entry, index) => {
        const changes = shownChanges(entry, {
          stateColumn: workflow?.state_column,
          primaryKey: meta.primary_key,
        });
        const started = createdState(entry, workflow?.state_column);
        return (
          <Timeline.Item
            key={`${entry.at}-${index}`}
            bullet={bulletOf(entry)}
            title={
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm" component="span">
                  {historyHeading(entry)}
                </Text>
                {started ? (
                  <StateBadge size="sm" state={workflow && stateOf(workflow, started)} name={started} />
                ) : null}
                {entry.from || entry.to ? (
                  <Group gap={4} wrap="wrap" component="span">
                    {entry.from ? (
                      <StateBadge size="sm" state={historyState(workflow, entry.from)} name={entry.from} />
                    ) : null}
                    <IconArrowRight size={14} aria-label={t('to')} />
                    {entry.to ? (
                      <StateBadge size="sm" state={historyState(workflow, entry.to)} name={entry.to} />
                    ) : null}
                  </Group>
                ) : null}
              </Group>
            }
          >
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {entry.by ?? t('Unknown user')} · {formatIndianDateTime(entry.at)}
              </Text>
              {entry.file ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="history-file">
                  {entry.file}
                </Text>
              ) : null}
              {entry.comment ? (
                <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  “{entry.comment}”
                </Text>
              ) : null}
              {changes.length > 0 ? (
                <Stack gap={2} component="ul" m={0} pl="md">
                  {changes.map((change) => (
                    <Text key={change.field} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {changeText(change, lineScreen(meta, entry.line) ?? meta)}
                    </Text>
                  ))}
                </Stack>
              ) : null}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * The state a step of the history names by its label, as the gateway words it (English): the screen's states carry
 * their labels in the user's language, so the label is read in it too; else the state of that name.
 */
function historyState(workflow: WorkflowDef | undefined, label: string): StateDef | undefined {
  if (!workflow) return undefined;
  return stateByLabel(workflow, translate(label)) ?? stateOf(workflow, label);
}

/**
 * The screen of the child register a line's change is about (by its tab title, which the screen's description
 * carries in the user's language: the gateway's English title is read in it too), to format the line's values.
 */
function lineScreen(meta: ScreenMeta, line: string | null | undefined): ScreenMeta | undefined {
  if (!line) return undefined;
  const title = translate(line);
  return (meta.children ?? []).find((child) => child.title === title)?.screen as ScreenMeta | undefined;
}
