/**
 * /ui/general: the console's messages and marks with their own texts: alerts (the access overlay's words, a load
 * failure with Try again), the notices and confirmations of docs/console.md §5 and §8 (real ones, on a button), state
 * badges as the registers colour them, progress, tooltips and indicators.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Indicator,
  Loader,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBell, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';

import type { StateDef } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { CONFIRM_SAVE, confirm, LoadError, noticeDeclined, noticeError, noticeSuccess } from '../notices';
import { StateBadge } from '../screens';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

/** Sample states (labels in English: shown translated). */
/** A sample package (data). */
const PACKAGE = 'C1-V01';

const STATES: StateDef[] = [
  { name: 'Draft', category: 'draft', colour: 'gray' },
  { name: 'Open', category: 'open', colour: 'blue', label: 'Open (with engineer)' },
  { name: 'Returned', category: 'open', colour: 'orange', label: 'Returned to contractor' },
  { name: 'Approved', category: 'closed', colour: 'green' },
  { name: 'Rejected', category: 'closed', colour: 'red' },
];

export function UiGeneralPage() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<boolean | null>(null);
  const ask = async () => {
    const yes = await confirm(CONFIRM_SAVE);
    setAnswer(yes);
    if (!yes) noticeDeclined('Submitting Details');
  };
  return (
    <CardGrid>
      <DemoCard title={t('Alerts')} note={t('In pages: the access overlay, a failed load, a note.')}>
        <Stack gap="sm">
          <Alert color="red" icon={<IconLock size={18} />} title={t('Access disabled')}>
            {t('Access disabled - Please contact to Administrator')}
          </Alert>
          <LoadError
            title={t('The dashboard could not be loaded')}
            error={new Error(t('gateway answered 503'))}
            retry={() => undefined}
          />
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('The figures appear once your packages have records in the registers this dashboard reads.')}
          </Alert>
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('Notices and confirmations')}
        note={t('The real ones: green and red notices last 4 seconds.')}
      >
        <Group gap="xs">
          <Button color="green" variant="light" onClick={() => noticeSuccess('Submitted Successfully')}>
            {t('Success notice')}
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => noticeError(new Error('The record changed meanwhile'))}
          >
            {t('Error notice')}
          </Button>
          <Button variant="default" onClick={() => void ask()}>
            {t('Ask to confirm')}
          </Button>
        </Group>
        {answer === null ? null : (
          <Text size="sm" role="status">
            {answer ? t('You answered Yes.') : t('You answered No.')}
          </Text>
        )}
      </DemoCard>
      <DemoCard
        title={t('State badges')}
        note={t('A workflow state in its colour, as lists and forms show it.')}
      >
        <Group gap="xs">
          {STATES.map((state) => (
            <StateBadge key={state.name} state={{ ...state, label: t(state.label || state.name) }} />
          ))}
        </Group>
        <Group gap="xs">
          <Badge color="red">{t('Overdue')}</Badge>
          <Badge variant="outline">{PACKAGE}</Badge>
          <Badge variant="dot" color="teal">
            {t('Online')}
          </Badge>
        </Group>
      </DemoCard>
      <DemoCard title={t('Progress and waiting')} note={t('Uploads show their share; reads show a loader.')}>
        <Stack gap="xs">
          <Progress value={62} aria-label={t('{{percent}} %', { percent: 62 })} />
          <Progress.Root size="lg">
            <Progress.Section value={48} color="teal">
              <Progress.Label>{t('Closed {{percent}} %', { percent: 48 })}</Progress.Label>
            </Progress.Section>
            <Progress.Section value={30} color="orange">
              <Progress.Label>{t('Open {{percent}} %', { percent: 30 })}</Progress.Label>
            </Progress.Section>
          </Progress.Root>
          <Group gap="lg">
            <Loader size="sm" aria-label={t('Loading')} />
            <Tooltip label={t('Reminders still to come')} withArrow>
              <Indicator label="3" size={16}>
                <IconBell size={24} aria-label={t('Reminders')} />
              </Indicator>
            </Tooltip>
            <Tooltip label={t('A tooltip says what a control does')} withArrow>
              <Button variant="subtle" size="xs">
                {t('Hover me')}
              </Button>
            </Tooltip>
          </Group>
        </Stack>
      </DemoCard>
    </CardGrid>
  );
}
