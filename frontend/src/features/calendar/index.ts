// The calendar (/calendar): reminders, due dates and milestones; a new event is a reminder.
export { CalendarScreen } from './calendar-screen';
