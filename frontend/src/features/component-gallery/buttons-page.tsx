/**
 * /ui/buttons: buttons as the screens use them: the main action filled, the others light or plain, danger in red,
 * sizes, a button busy while it saves, disabled ones, icon buttons with their names for screen readers, a group, and
 * copying a record number.
 */
import { ActionIcon, Button, CloseButton, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconDownload,
  IconPlus,
  IconPrinter,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';

import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

const SIZES = ['xs', 'sm', 'md', 'lg'] as const;

export function ButtonsPage() {
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    window.setTimeout(() => setSaving(false), 1500);
  };
  return (
    <CardGrid>
      <DemoCard title="Variants" note="One filled button per form: its main action.">
        <Group gap="xs">
          <Button>Save</Button>
          <Button variant="light">Apply</Button>
          <Button variant="default">Cancel</Button>
          <Button variant="subtle">More</Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />}>
            Delete
          </Button>
          <Button variant="outline">Outline</Button>
        </Group>
      </DemoCard>
      <DemoCard title="Sizes" note="Lists use xs; forms the default.">
        <Group gap="xs" align="center">
          {SIZES.map((size) => (
            <Button key={size} size={size}>
              {size}
            </Button>
          ))}
        </Group>
      </DemoCard>
      <DemoCard title="States" note="A button is busy while its call runs, and cannot be pressed twice.">
        <Group gap="xs">
          <Button onClick={save} loading={saving}>
            {saving ? 'Saving' : 'Press to save'}
          </Button>
          <Button disabled>Not allowed here</Button>
          <Button leftSection={<IconPlus size={16} />}>New</Button>
          <Button rightSection={<IconDownload size={16} />} variant="default">
            Export
          </Button>
        </Group>
      </DemoCard>
      <DemoCard title="Icon buttons and groups" note="An icon button always has a name for screen readers.">
        <Stack gap="sm">
          <Group gap="xs">
            <ActionIcon aria-label="Upload" variant="filled">
              <IconUpload size={16} />
            </ActionIcon>
            <ActionIcon aria-label="Print" variant="light">
              <IconPrinter size={16} />
            </ActionIcon>
            <ActionIcon aria-label="Delete" variant="subtle" color="red">
              <IconTrash size={16} />
            </ActionIcon>
            <CloseButton aria-label="Close" />
          </Group>
          <Button.Group>
            <Button variant="default">Day</Button>
            <Button variant="default">Week</Button>
            <Button variant="default">Month</Button>
          </Button.Group>
          <Group gap="xs">
            <Text size="sm">C1-V01-RFI-00012</Text>
            <CopyButton value="C1-V01-RFI-00012">
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the number'} withArrow>
                  <ActionIcon
                    variant="subtle"
                    onClick={copy}
                    aria-label="Copy the number"
                    color={copied ? 'teal' : 'gray'}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </DemoCard>
    </CardGrid>
  );
}
