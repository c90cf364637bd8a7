// The reminders feature's public entry: the Set Reminder modal the header's bell opens.
export { ReminderModal } from './reminder-modal';
