import { AppShell, Box, Button, ScrollArea } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';

import { useNavigationSync } from '../../api/auth';
import { DEFAULT_SKIN, type LayoutSettings, restoreLayout, storeLayout } from '../../lib/layout-settings';
import './skins.css';

import { FooterBar } from './footer-bar';
import { HeaderBar } from './header-bar';
import { NavigationPanel } from './navigation-panel';
import { PackageStrip } from './package-strip';
import { Ribbon } from './ribbon';
import { SettingsPanel } from './settings-panel';
import { ShortcutPanel } from './shortcut-panel';

export const LAYOUT_KEY = 'layout-settings';
/** SPEC §4 / §9: the menu is minified under 979 px. */
export const MOBILE_QUERY = '(max-width: 978.98px)';

/**
 * The console's frame (SPEC §2): header, left panel, ribbon, package strip, page, footer; the layout options
 * decide what stays fixed (sticky) while the page scrolls.
 */
export function AppLayout() {
  useNavigationSync();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [minifiedByUser, { toggle: toggleMinified }] = useDisclosure(false);
  const [navHidden, { toggle: toggleNav }] = useDisclosure(false);
  const [settingsOpen, settings] = useDisclosure(false);
  const [shortcutsOpen, shortcuts] = useDisclosure(false);
  const [stored, setStored] = useLocalStorage<string | null>({
    key: LAYOUT_KEY,
    defaultValue: null,
    serialize: (value) => value ?? '',
    deserialize: (value) => value ?? null,
  });
  const layout = restoreLayout(stored ?? null, DEFAULT_SKIN);
  const setLayout = (next: LayoutSettings) => setStored(storeLayout(next, DEFAULT_SKIN));
  const minified = mobile || minifiedByUser;
  const sticky = (on: boolean, edge: 'top' | 'bottom' = 'top') =>
    on ? { position: 'sticky' as const, [edge]: 0, zIndex: 10 } : undefined;

  return (
    <Box
      dir={layout.rtl ? 'rtl' : 'ltr'}
      data-skin={layout.skin}
      data-colorblind={layout.colorblindFriendly ? 'yes' : 'no'}
      maw={layout.insideContainer ? 1280 : undefined}
      mx={layout.insideContainer ? 'auto' : undefined}
    >
      <AppShell
        mode="static"
        header={{ height: 56 }}
        footer={{ height: 36 }}
        navbar={
          layout.menuOnTop
            ? undefined
            : {
                width: minified ? 72 : 260,
                breakpoint: 'xs',
                collapsed: { desktop: navHidden, mobile: navHidden },
              }
        }
        padding={0}
      >
        <AppShell.Header className="pmis-header" style={sticky(layout.fixedHeader)}>
          <HeaderBar
            navOpened={!navHidden}
            onToggleNav={toggleNav}
            onOpenSettings={settings.open}
            onOpenShortcuts={shortcuts.open}
          />
        </AppShell.Header>
        {layout.menuOnTop ? (
          <Box style={sticky(layout.fixedNavigation)} bg="white" px="sm">
            <ScrollArea type="auto">
              <NavigationPanel minified />
            </ScrollArea>
          </Box>
        ) : (
          <AppShell.Navbar
            className="pmis-navbar"
            style={sticky(layout.fixedNavigation)}
            aria-label="Left panel"
          >
            <NavigationPanel minified={minified} />
            <Button variant="subtle" size="xs" onClick={toggleMinified} disabled={mobile} m="xs">
              {minified ? '»' : '« Minify menu'}
            </Button>
          </AppShell.Navbar>
        )}
        <AppShell.Main>
          <Box style={sticky(layout.fixedRibbon)}>
            <Ribbon />
          </Box>
          <PackageStrip />
          <Box p="md">
            <Outlet />
          </Box>
        </AppShell.Main>
        <AppShell.Footer style={sticky(layout.fixedFooter, 'bottom')}>
          <FooterBar />
        </AppShell.Footer>
      </AppShell>
      <SettingsPanel opened={settingsOpen} onClose={settings.close} settings={layout} onChange={setLayout} />
      <ShortcutPanel opened={shortcutsOpen} onClose={shortcuts.close} />
    </Box>
  );
}
