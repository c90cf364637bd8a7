import { Button, ColorSwatch, Drawer, Group, Select, Stack, Switch, Text } from '@mantine/core';

import { useLogout } from '../../api/auth';
import {
  applyToggle,
  type LayoutSettings,
  type LayoutToggle,
  type Skin,
  SKIN_LOOKS,
  SKINS,
} from '../../lib/layout-settings';
import { useTranslation } from '../../lib/i18n';
import { readUser } from '../../lib/session-store';
import { confirm } from '../notices';

const TOGGLES: { key: LayoutToggle; label: string }[] = [
  { key: 'fixedHeader', label: 'Fixed header' },
  { key: 'fixedNavigation', label: 'Fixed navigation' },
  { key: 'fixedRibbon', label: 'Fixed ribbon' },
  { key: 'fixedFooter', label: 'Fixed footer' },
  { key: 'insideContainer', label: 'Inside container' },
  { key: 'rtl', label: 'Right to left (RTL)' },
  { key: 'menuOnTop', label: 'Menu on top' },
  { key: 'colorblindFriendly', label: 'Colour-blind friendly' },
];

/** Factory reset's question (confirm() shows it in the user's language). */
const CONFIRM_FACTORY_RESET =
  'Factory reset: clear every setting kept in this browser (you will be signed out)?';

/** A skin's header and left-panel colours, side by side. */
function Swatch({ skin }: { skin: Skin }) {
  const look = SKIN_LOOKS[skin];
  return (
    <Group gap={2} wrap="nowrap" aria-hidden>
      <ColorSwatch color={look.header} size={16} radius="sm" />
      <ColorSwatch color={look.navigation} size={16} radius="sm" />
    </Group>
  );
}

/** The layout options panel (docs/console.md §3, §4): skins and toggles (with their rules), and the factory reset. */
export function SettingsPanel({
  opened,
  onClose,
  settings,
  onChange,
}: {
  opened: boolean;
  onClose: () => void;
  settings: LayoutSettings;
  onChange: (settings: LayoutSettings) => void;
}) {
  const { t } = useTranslation();
  const logout = useLogout();
  const factoryReset = async () => {
    if (!(await confirm(CONFIRM_FACTORY_RESET))) return;
    // The server session ends too: a token copied before the reset must not outlive it.
    const user = readUser();
    if (user) await logout.mutateAsync({ userId: user.id, token: user.accessToken }).catch(() => undefined);
    localStorage.clear();
    window.location.reload();
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('Layout options')}>
      <Stack>
        <Select
          label={t('Skin')}
          data={SKINS.map((skin) => ({ value: skin, label: t(SKIN_LOOKS[skin].name) }))}
          value={settings.skin}
          onChange={(skin) => skin && onChange({ ...settings, skin: skin as Skin })}
          allowDeselect={false}
          leftSection={<Swatch skin={settings.skin} />}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <Swatch skin={option.value as Skin} />
              <Text size="sm">{option.label}</Text>
            </Group>
          )}
        />
        {TOGGLES.map((toggle) => (
          <Switch
            key={toggle.key}
            label={t(toggle.label)}
            checked={settings[toggle.key]}
            onChange={(event) => onChange(applyToggle(settings, toggle.key, event.currentTarget.checked))}
          />
        ))}
        <Button color="red" variant="light" onClick={factoryReset}>
          {t('Factory reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
