import { Button, Loader, Menu, Modal } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef, lazy, Suspense, useState } from 'react';

import { usePendingList } from '../../api/console';
import type { PendingGroup } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';

// The list itself is loaded when the modal first opens.
const PendingList = lazy(async () => ({ default: (await import('./pending-list')).PendingList }));

/**
 * One header button per register with documents waiting; each opens the "Pending Document List" modal: per
 * document its number (a link to it: the record's own form when the register gives a record link), and where the
 * register says them its title, due date (red and marked "Overdue" once passed) and how long it has waited; on a
 * phone as a list of blocks rather than a table.
 * Compact (a phone's header) shows one labelled button with the count of every register's documents, and the list
 * takes the whole screen, every register's documents one after another. When more registers wait than
 * MAX_HEADER_GROUPS, a wide header shows the same "To do N" button as a menu of registers (and "Everything"), so the
 * header never runs over the title.
 */
export const MAX_HEADER_GROUPS = 3;

type TodoButtonProps = { total: number; compact: boolean } & ComponentPropsWithoutRef<'button'>;

/** "To do N": every register's waiting documents behind one button (a menu target passes its props through). */
const TodoButton = forwardRef<HTMLButtonElement, TodoButtonProps>(function TodoButton(
  { total, compact, ...rest },
  ref,
) {
  const { t } = useTranslation();
  return (
    <Button
      ref={ref}
      size={compact ? 'compact-sm' : 'xs'}
      variant="light"
      color="orange"
      leftSection={<IconFileAlert size={16} />}
      aria-label={t('Pending documents: {{total}}', { total })}
      data-testid="pending-button"
      {...rest}
    >
      {t('To do {{total}}', { total })}
    </Button>
  );
});

export function PendingButtons({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const pending = usePendingList();
  const [open, setOpen] = useState<PendingGroup[] | null>(null);
  const groups = (pending.data ?? []).filter((group) => group.data.length > 0);
  const total = groups.reduce((sum, group) => sum + group.data.length, 0);
  const close = () => setOpen(null);
  return (
    <>
      {compact ? (
        // A phone's header has room for one labelled button: every register's documents in one list.
        groups.length > 0 ? (
          <TodoButton total={total} compact onClick={() => setOpen(groups)} />
        ) : null
      ) : groups.length > MAX_HEADER_GROUPS ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <TodoButton total={total} compact={false} />
          </Menu.Target>
          {/* A long list scrolls inside the menu: every register stays reachable on a short screen. */}
          <Menu.Dropdown mah="calc(100vh - 80px)" style={{ overflowY: 'auto' }}>
            {groups.map((group) => (
              <Menu.Item key={group.title} onClick={() => setOpen([group])} data-testid="pending-menu-item">
                {t(group.title)}: {group.data.length}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item onClick={() => setOpen(groups)}>{t('Everything')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        groups.map((group) => (
          <Button
            key={group.title}
            size="xs"
            variant="light"
            color="orange"
            onClick={() => setOpen([group])}
            data-testid="pending-button"
          >
            {t(group.title)}: {group.data.length}
          </Button>
        ))
      )}
      <Modal
        opened={open !== null}
        onClose={close}
        title={t('Pending Document List')}
        size="xl"
        // On a phone the list takes the screen and scrolls to its last document.
        fullScreen={compact}
      >
        {open ? (
          <Suspense fallback={<Loader size="sm" aria-label={t('Loading')} />}>
            <PendingList groups={open} compact={compact} onClose={close} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
