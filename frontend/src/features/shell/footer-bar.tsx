import { Anchor, Flex, Text } from '@mantine/core';

import { useMe } from '../../api/auth';
import { useSupportContact } from '../../api/console';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

/**
 * The footer (docs/console.md §2): the support contact and the last account activity (the previous sign-in); on a
 * phone the two stack.
 */
export function FooterBar({ phone = false }: { phone?: boolean }) {
  const { t } = useTranslation();
  const contact = useSupportContact();
  const me = useMe();
  const previous = me.data?.user.previousLogin;
  return (
    <Flex
      h="100%"
      px={phone ? 'sm' : 'md'}
      direction={phone ? 'column' : 'row'}
      justify={phone ? 'center' : 'space-between'}
      align={phone ? 'flex-start' : 'center'}
      gap={phone ? 2 : 'xs'}
    >
      <Text size="xs" data-testid="support-contact">
        {t('Support:')}{' '}
        {contact.data ? (
          <Anchor href={`mailto:${contact.data}`} size="xs">
            {contact.data}
          </Anchor>
        ) : (
          '—'
        )}
      </Text>
      <Text size="xs" c="dimmed" data-testid="last-activity">
        {previous
          ? t('Last account activity: {{when}}', { when: formatIndianDateTime(previous) })
          : t('Last account activity: none before this sign-in')}
      </Text>
    </Flex>
  );
}
