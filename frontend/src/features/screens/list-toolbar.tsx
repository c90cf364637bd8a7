/**
 * Above the list: a workflow register's views (All, Waiting on me, Raised by me, Overdue), the global search, the
 * CSV and Excel exports (for users who may export), Import (for users who may create its records), the column
 * chooser and reload.
 */
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Menu,
  SegmentedControl,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconColumns, IconRefresh, IconTableImport, IconSearch } from '@tabler/icons-react';

import { useTranslation } from '../../lib/i18n';
import { LIST_VIEWS, type ListView } from '../../lib/list-views';
import { ExportButtons } from './export-buttons';
import type { ListController } from './use-list-controller';

export interface ListToolbarProps {
  list: ListController;
  canExport: boolean;
  /** Opens the importer for the register; absent when the user may not create its records. */
  onImport?: () => void;
}

export function ListToolbar({ list, canExport, onImport }: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" mb="xs">
      {list.views.length > 0 ? (
        <SegmentedControl
          aria-label={t('View')}
          size="xs"
          value={list.view}
          onChange={(value) => list.setView(value as ListView)}
          data={LIST_VIEWS.filter((view) => list.views.includes(view.value)).map((view) => ({
            value: view.value,
            label: t(view.label),
          }))}
          style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
          data-testid="list-views"
        />
      ) : null}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <TextInput
          aria-label={t('Search')}
          placeholder={t('Search')}
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Group gap="xs" wrap="wrap">
          {onImport ? (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconTableImport size={16} />}
              onClick={onImport}
            >
              {t('Import')}
            </Button>
          ) : null}
          {canExport ? <ExportButtons onExport={list.exportAs} exporting={list.exporting} /> : null}
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label={t('Show or hide columns')}>
                <ActionIcon variant="default" size="lg" aria-label={t('Columns')}>
                  <IconColumns size={16} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              {list.columns.map((column) => (
                <Menu.Item key={column.name}>
                  <Checkbox
                    label={column.label}
                    checked={column.visible}
                    onChange={(event) => list.setColumnVisible(column.name, event.currentTarget.checked)}
                  />
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item onClick={list.resetColumns}>{t('Reset columns')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Tooltip label={t('Reload')}>
            <ActionIcon variant="default" size="lg" aria-label={t('Reload')} onClick={list.reload}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Stack>
  );
}
