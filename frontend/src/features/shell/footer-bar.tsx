import { Anchor, Group, Text } from '@mantine/core';

import { useMe } from '../../api/auth';
import { useSupportContact } from '../../api/console';
import { formatIndianDateTime } from '../../lib/format';

/** The footer (SPEC §2): the support contact and the last account activity (the previous sign-in). */
export function FooterBar() {
  const contact = useSupportContact();
  const me = useMe();
  const previous = me.data?.user.previousLogin;
  return (
    <Group h="100%" px="md" justify="space-between" gap="xs">
      <Text size="xs" data-testid="support-contact">
        Support:{' '}
        {contact.data ? (
          <Anchor href={`mailto:${contact.data}`} size="xs">
            {contact.data}
          </Anchor>
        ) : (
          '—'
        )}
      </Text>
      <Text size="xs" c="dimmed" data-testid="last-activity">
        Last account activity: {previous ? formatIndianDateTime(previous) : 'none before this sign-in'}
      </Text>
    </Group>
  );
}
