/** What a gallery page says in place of data from a screen the user does not hold. */
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function NotHeldNote({ what, title, route }: { what: string; title: string; route: string }) {
  return (
    <Alert
      color="gray"
      icon={<IconLock size={18} />}
      title={`${what} come from ${title}`}
      data-testid="not-held"
    >
      You do not hold {title} ({route}), so this part of the page stays empty. An administrator can give it to
      you under Administration › User permission.
    </Alert>
  );
}
