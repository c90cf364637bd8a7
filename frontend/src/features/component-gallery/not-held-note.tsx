/** What a gallery page says in place of data from a screen the user does not hold. */
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

import { useTranslation } from '../../lib/i18n';

/** `what` and `title` come translated (`t('The photos')`, `t('the Gallery dashboard')`). */
export function NotHeldNote({ what, title, route }: { what: string; title: string; route: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      icon={<IconLock size={18} />}
      title={t('{{what}} come from {{title}}', { what, title })}
      data-testid="not-held"
    >
      {t(
        'You do not hold {{title}} ({{route}}), so this part of the page stays empty. An administrator can give it to you under Administration › User permission.',
        { title, route },
      )}
    </Alert>
  );
}
