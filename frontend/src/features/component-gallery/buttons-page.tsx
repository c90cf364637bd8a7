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

import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

const SIZES = ['xs', 'sm', 'md', 'lg'] as const;
/** A sample record number (data). */
const RFI_NUMBER = 'C1-V01-RFI-00012';

export function ButtonsPage() {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    window.setTimeout(() => setSaving(false), 1500);
  };
  return (
    <CardGrid>
      <DemoCard title={t('Variants')} note={t('One filled button per form: its main action.')}>
        <Group gap="xs">
          <Button>{t('Save')}</Button>
          <Button variant="light">{t('Apply')}</Button>
          <Button variant="default">{t('Cancel')}</Button>
          <Button variant="subtle">{t('More')}</Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />}>
            {t('Delete')}
          </Button>
          <Button variant="outline">{t('Outline')}</Button>
        </Group>
      </DemoCard>
      <DemoCard title={t('Sizes')} note={t('Lists use xs; forms the default.')}>
        <Group gap="xs" align="center">
          {SIZES.map((size) => (
            <Button key={size} size={size}>
              {size}
            </Button>
          ))}
        </Group>
      </DemoCard>
      <DemoCard
        title={t('States')}
        note={t('A button is busy while its call runs, and cannot be pressed twice.')}
      >
        <Group gap="xs">
          <Button onClick={save} loading={saving}>
            {saving ? t('Saving') : t('Press to save')}
          </Button>
          <Button disabled>{t('Not allowed here')}</Button>
          <Button leftSection={<IconPlus size={16} />}>{t('New')}</Button>
          <Button rightSection={<IconDownload size={16} />} variant="default">
            {t('Export')}
          </Button>
        </Group>
      </DemoCard>
      <DemoCard
        title={t('Icon buttons and groups')}
        note={t('An icon button always has a name for screen readers.')}
      >
        <Stack gap="sm">
          <Group gap="xs">
            <ActionIcon aria-label={t('Upload')} variant="filled">
              <IconUpload size={16} />
            </ActionIcon>
            <ActionIcon aria-label={t('Print')} variant="light">
              <IconPrinter size={16} />
            </ActionIcon>
            <ActionIcon aria-label={t('Delete')} variant="subtle" color="red">
              <IconTrash size={16} />
            </ActionIcon>
            <CloseButton aria-label={t('Close')} />
          </Group>
          <Button.Group>
            <Button variant="default">{t('Day')}</Button>
            <Button variant="default">{t('Week')}</Button>
            <Button variant="default">{t('Month')}</Button>
          </Button.Group>
          <Group gap="xs">
            <Text size="sm">{RFI_NUMBER}</Text>
            <CopyButton value={RFI_NUMBER}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('Copied') : t('Copy the number')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    onClick={copy}
                    aria-label={t('Copy the number')}
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
