/**
 * /ui/font-awesome and /ui/glyphicons: the console's icons (Tabler) by name and use, filtered as you type; the name is
 * what a screen imports from @tabler/icons-react.
 */
import {
  CopyButton,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { findIcons, ICON_SETS, type IconSet } from './icon-sets';

/** The sets' titles (in English: translated where shown). */
const TITLES: Record<IconSet, string> = {
  actions: 'Actions and screens',
  states: 'States and files',
};

export function IconsPage({ set }: { set: IconSet }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const icons = findIcons(ICON_SETS[set], text, (use) => t(use));
  return (
    <DemoCard title={t(TITLES[set])} note={t('Click an icon to copy its name.')}>
      <TextInput
        label={t('Filter')}
        placeholder={t('Name or use, e.g. file, delete')}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        w={{ base: '100%', xs: 320 }}
      />
      {icons.length === 0 ? <Text c="dimmed">{t('No icon matches.')}</Text> : null}
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 6 }} spacing="sm" data-testid="icon-grid">
        {icons.map(({ name, icon: Icon, use }) => (
          <CopyButton key={name} value={name}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('Copied') : t('Copy {{name}}', { name })} withArrow>
                <UnstyledButton onClick={copy} aria-label={`${name}: ${t(use)}`}>
                  <Paper withBorder p="sm" h="100%">
                    <Stack gap={4} align="center" ta="center">
                      <Icon size={28} stroke={1.6} aria-hidden />
                      <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {name.replace(/^Icon/, '')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(use)}
                      </Text>
                    </Stack>
                  </Paper>
                </UnstyledButton>
              </Tooltip>
            )}
          </CopyButton>
        ))}
      </SimpleGrid>
    </DemoCard>
  );
}
