import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';

import { useMailPreferences, useMe } from '../../api/auth';
import { useTranslation } from '../../lib/i18n';
import { noticeError, noticeSuccess } from '../notices';

/**
 * Mail preferences (the user menu): copies of records handed to others or distributed to the user, and reminders of
 * steps due, as one digest a day instead of a mail each. The mail saying a record now waits on the user always
 * comes at once.
 */
export function MailPreferencesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const save = useMailPreferences();
  const stored = me.data?.user.mailDigest ?? false;
  const [chosen, setChosen] = useState<boolean | null>(null);
  const digest = chosen ?? stored;
  const close = () => {
    setChosen(null);
    onClose();
  };
  const submit = async () => {
    try {
      await save.mutateAsync(digest);
      noticeSuccess(digest ? 'One digest a day' : 'Mail as it happens');
      close();
    } catch (error) {
      noticeError(error);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('Mail preferences')}>
      <Stack>
        <Switch
          label={t('One digest a day instead of a mail for each copy and reminder')}
          checked={digest}
          disabled={me.isPending}
          onChange={(event) => setChosen(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          {t(
            'Copies of records handed on to others or sent to you on a distribution, and reminders of steps due soon or overdue, are collected and mailed to you once a day. The mail telling you that a record now waits on you still comes at once.',
          )}
        </Text>
        {me.isError ? (
          <Alert color="red" role="alert">
            {t('Your preferences could not be read.')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={me.isPending}>
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
