/**
 * /smartadmin/app-layouts and /smartadmin/skins: the Settings panel's layout options and skins, applied to this
 * console as they are chosen (the same setting the panel keeps in this browser): the toggles with their rules and
 * what the last one changed, and the seven skins with their header and panel colours.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  ColorSwatch,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { type LayoutToggle, SKIN_LOOKS, SKINS } from '../../lib/layout-settings';
import { DemoCard } from './demo-card';
import { TOGGLE_RULES } from './layout-changes';
import { useLayoutOptions } from './use-layout-options';

/** The console's name, on the sample header. */
const PRODUCT = 'Metro PMIS';

export function AppLayoutsPage() {
  const { t } = useTranslation();
  const layout = useLayoutOptions();
  const toggles = Object.keys(layout.labels) as LayoutToggle[];
  return (
    <DemoCard
      title={t('Layout options')}
      note={t('The header’s Settings panel holds the same switches; they stay for you in this browser.')}
    >
      <Stack gap="sm">
        {toggles.map((key) => (
          <Stack key={key} gap={2}>
            <Switch
              label={t(layout.labels[key])}
              checked={layout.settings[key]}
              onChange={(event) => layout.toggle(key, event.currentTarget.checked)}
            />
            {/* Beside the switch, not in its label: the switch's name stays the option's. */}
            {rule(key) ? (
              <Text size="xs" c="dimmed" pl={50}>
                {t(rule(key))}
              </Text>
            ) : null}
          </Stack>
        ))}
        {layout.said ? (
          <Alert color="blue" role="status" data-testid="layout-said">
            {layout.said}
          </Alert>
        ) : null}
      </Stack>
    </DemoCard>
  );
}

/** A toggle's rule, blank when it has none. */
function rule(key: LayoutToggle): string {
  return TOGGLE_RULES[key] ?? '';
}

export function SkinsPage() {
  const { t } = useTranslation();
  const layout = useLayoutOptions();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
      {SKINS.map((skin) => {
        const look = SKIN_LOOKS[skin];
        const inUse = layout.settings.skin === skin;
        return (
          <Card key={skin} withBorder padding="sm" data-testid="skin-card" data-skin={skin}>
            <Card.Section>
              <div
                style={{
                  background: look.header,
                  color: look.headerText,
                  padding: '8px 12px',
                  fontWeight: 600,
                }}
                aria-hidden
              >
                {PRODUCT}
              </div>
              <Group gap={0} wrap="nowrap" h={64} aria-hidden>
                <div
                  style={{
                    background: look.navigation,
                    width: '35%',
                    height: '100%',
                    borderRight: '1px solid var(--mantine-color-gray-3)',
                  }}
                />
                <div style={{ background: 'var(--mantine-color-body)', flex: 1, height: '100%' }} />
              </Group>
            </Card.Section>
            <Stack gap="xs" mt="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t(look.name)}</Text>
                {inUse ? <Badge color="teal">{t('In use')}</Badge> : null}
              </Group>
              <Group gap={6}>
                <ColorSwatch
                  color={look.header}
                  size={16}
                  aria-label={t('Header {{colour}}', { colour: look.header })}
                />
                <ColorSwatch
                  color={look.navigation}
                  size={16}
                  aria-label={t('Left panel {{colour}}', { colour: look.navigation })}
                />
                <Text size="xs" c="dimmed">
                  {skin}
                </Text>
              </Group>
              <Button
                size="xs"
                variant={inUse ? 'light' : 'filled'}
                disabled={inUse}
                onClick={() => layout.chooseSkin(skin)}
              >
                {inUse ? t('This skin is in use') : t('Use {{skin}}', { skin: t(look.name) })}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
