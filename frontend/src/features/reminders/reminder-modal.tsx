/** The "Set Reminder" modal of docs/console.md §2: the list of alerts and the add/update form. */
import { Badge, Modal, Tabs } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { AlertForm } from './alert-form';
import { AlertList } from './alert-list';
import { type ReminderTab, useReminderForm } from './use-reminder-form';

export function ReminderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reminder = useReminderForm(opened);
  const phone = useMobileView();
  return (
    <Modal opened={opened} onClose={onClose} title={t('Set Reminder')} size="xl" fullScreen={phone}>
      <Tabs value={reminder.tab} onChange={(tab) => reminder.setTab((tab ?? 'list') as ReminderTab)}>
        <Tabs.List>
          <Tabs.Tab value="list" rightSection={<Badge size="sm">{reminder.alerts.length}</Badge>}>
            {t('List of Alerts')}
          </Tabs.Tab>
          <Tabs.Tab value="add">{reminder.editing ? t('Update Alert') : t('Add New Alert')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="sm">
          <AlertList reminder={reminder} />
        </Tabs.Panel>
        <Tabs.Panel value="add" pt="sm">
          <AlertForm reminder={reminder} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
