import { Drawer, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';

import { useTranslation } from '../../lib/i18n';

const TILES = [
  { label: 'My Profile', to: '/dashboard/analytics' },
  { label: 'Device Reg.', to: '/administration/deviceregistration' },
] as const;

/** The shortcut panel (docs/console.md §2): My Profile and Device Reg. tiles. */
export function ShortcutPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Drawer opened={opened} onClose={onClose} position="top" size="auto" title={t('Shortcut')}>
      <SimpleGrid cols={2} maw={420}>
        {TILES.map((tile) => (
          <UnstyledButton
            key={tile.to}
            onClick={() => {
              onClose();
              navigate(tile.to);
            }}
          >
            <Paper withBorder p="lg" ta="center">
              <Text fw={600}>{t(tile.label)}</Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Drawer>
  );
}
