import { Anchor, Button, Group, Modal, Table, Text, Tooltip } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { usePendingList } from '../../api/console';
import type { PendingGroup } from '../../api/schema';

/**
 * One header button per register with documents waiting; each opens the "Pending Document List" modal. Compact
 * (a phone's header) shows the count with an icon and names the register in its label and tooltip.
 */
export function PendingButtons({ compact = false }: { compact?: boolean }) {
  const pending = usePendingList();
  const [open, setOpen] = useState<PendingGroup | null>(null);
  const groups = (pending.data ?? []).filter((group) => group.data.length > 0);
  return (
    <>
      {groups.map((group) =>
        compact ? (
          <Tooltip key={group.title} label={group.title}>
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconFileAlert size={16} />}
              aria-label={`${group.title}: ${group.data.length}`}
              onClick={() => setOpen(group)}
              data-testid="pending-button"
            >
              {group.data.length}
            </Button>
          </Tooltip>
        ) : (
          <Button
            key={group.title}
            size="xs"
            variant="light"
            color="orange"
            onClick={() => setOpen(group)}
            data-testid="pending-button"
          >
            {group.title}: {group.data.length}
          </Button>
        ),
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Pending Document List" size="lg">
        {open ? (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {open.title}
            </Text>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Document No.</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.data.map((document, index) => (
                  <Table.Tr key={document.id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      {open.url ? (
                        <Anchor
                          component={Link}
                          to={`${open.url}?id=${encodeURIComponent(document.id)}`}
                          onClick={() => setOpen(null)}
                        >
                          {document.c_doc_no ?? document.id}
                        </Anchor>
                      ) : (
                        (document.c_doc_no ?? document.id)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setOpen(null)}>
                Close
              </Button>
            </Group>
          </>
        ) : null}
      </Modal>
    </>
  );
}
