/**
 * `/calendar`: the user's month, week and agenda (FullCalendar: a well-kept calendar with month, time-grid and list
 * views, touch selection and keyboard-reachable events). Reminders, the due dates of what waits on the user and
 * their packages' milestones; choosing a day (or a week's slot) or "New event" creates an event, kept as a
 * reminder. A phone starts on the agenda.
 */
import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import hiLocale from '@fullcalendar/core/locales/hi';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Button, Chip, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { todayInIndia } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { LoadError } from '../notices';
import { type CalendarItem, type CalendarKind, COLOURS, KIND_LABELS } from './calendar-events';
import classes from './calendar-screen.module.css';
import { EventForm } from './event-form';
import { useCalendar } from './use-calendar';

const KINDS: CalendarKind[] = ['reminder', 'due', 'milestone'];

/** The chips are the legend: each in its kind's colour. */
const KIND_COLOURS: Readonly<Record<CalendarKind, string>> = {
  reminder: COLOURS.reminder,
  due: COLOURS.due,
  milestone: COLOURS.milestone,
};

/** `YYYY-MM-DD` of a date in the browser's calendar. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * FullCalendar draws its arrows as unnamed `role="img"` icons inside buttons it names only by `title` ("Previous
 * month", in the calendar's language): the icon is hidden from assistive technology and the button named by its
 * title (WCAG 2.2 1.1.1, 4.1.2). Its toolbar keeps these attributes when it draws again.
 */
function nameIconButtons(root: HTMLElement | null) {
  root?.querySelectorAll<HTMLButtonElement>('.fc-button').forEach((button) => {
    const icon = button.querySelector('.fc-icon');
    if (!icon) return;
    icon.removeAttribute('role');
    icon.setAttribute('aria-hidden', 'true');
    if (button.title) button.setAttribute('aria-label', button.title);
  });
}

export function CalendarScreen() {
  const { t, i18n } = useTranslation();
  const hindi = (i18n.resolvedLanguage ?? i18n.language) === 'hi';
  const calendar = useCalendar();
  const phone = useMobileView();
  const navigate = useNavigate();
  const [newAt, setNewAt] = useState<{ date: string; time: string } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState<CalendarItem | null>(null);

  const openNew = (at: { date: string; time: string }) => {
    calendar.resetCreate();
    setNewAt(at);
  };

  const dateClick = (click: DateClickArg) => {
    const date = dayOf(click.date);
    if (date < todayInIndia()) return;
    const time = click.allDay ? '' : click.date.toTimeString().slice(0, 5);
    openNew({ date, time });
  };

  const eventClick = (click: EventClickArg) => {
    click.jsEvent.preventDefault();
    const item = calendar.items.find((candidate) => candidate.id === click.event.id);
    if (item) setOpened(item);
  };

  return (
    <Stack gap="md" data-testid="calendar-screen">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('Calendar')}
        </Title>
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => openNew({ date: todayInIndia(), time: '' })}
        >
          {t('New event')}
        </Button>
      </Group>
      <Group gap="xs" aria-label={t('Shown on the calendar')}>
        {KINDS.map((kind) => (
          <Chip
            key={kind}
            color={KIND_COLOURS[kind]}
            checked={!calendar.hidden.has(kind)}
            onChange={() => calendar.toggle(kind)}
            size="sm"
          >
            {t(KIND_LABELS[kind])}
          </Chip>
        ))}
      </Group>
      {calendar.failed ? (
        <LoadError title={t('The calendar could not be loaded')} error={calendar.failed} />
      ) : null}
      <Paper ref={frame} withBorder p={phone ? 'xs' : 'md'} radius="md" className={classes.calendar}>
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={phone ? 'listMonth' : 'dayGridMonth'}
          headerToolbar={
            phone
              ? { left: 'prev,next', center: 'title', right: 'today' }
              : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listMonth' }
          }
          footerToolbar={phone ? { center: 'dayGridMonth,timeGridWeek,listMonth' } : undefined}
          locale={hindi ? hiLocale : 'en'}
          buttonText={{ today: t('Today'), month: t('Month'), week: t('Week'), list: t('Agenda') }}
          firstDay={1}
          height="auto"
          dayMaxEvents={3}
          nowIndicator
          events={calendar.items}
          datesSet={(shown: DatesSetArg) => {
            calendar.setRange({ from: dayOf(shown.start), to: dayOf(shown.end) });
            requestAnimationFrame(() => nameIconButtons(frame.current));
          }}
          dateClick={dateClick}
          eventClick={eventClick}
          noEventsText={t('Nothing on these dates')}
          allDayText={t('all-day')}
        />
      </Paper>
      <EventForm
        start={newAt}
        saving={calendar.creating}
        error={calendar.createError}
        onClose={() => setNewAt(null)}
        onSave={(values) => {
          void calendar
            .createEvent(values)
            .then((saved) => {
              if (saved) setNewAt(null);
            })
            .catch(() => undefined);
        }}
      />
      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened?.title}
        fullScreen={phone}
      >
        {opened ? (
          <Stack>
            <Text size="sm" c="dimmed">
              {t(KIND_LABELS[opened.extendedProps.kind])}
              {opened.extendedProps.sent ? ` · ${t('sent')}` : ''}
            </Text>
            {opened.extendedProps.detail ? <Text>{opened.extendedProps.detail}</Text> : null}
            <Group justify="flex-end">
              {opened.extendedProps.reminderId !== null ? (
                <Button
                  color="red"
                  variant="light"
                  onClick={() => {
                    const id = opened.extendedProps.reminderId;
                    if (id === null) return;
                    void calendar
                      .removeReminder(id)
                      .then((removed) => {
                        if (removed) setOpened(null);
                      })
                      .catch(() => undefined);
                  }}
                >
                  {t('Delete')}
                </Button>
              ) : null}
              {opened.extendedProps.url ? (
                <Button
                  onClick={() => {
                    const url = opened.extendedProps.url;
                    setOpened(null);
                    if (url) void navigate(url);
                  }}
                >
                  {t('Open', { context: 'action' })}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
