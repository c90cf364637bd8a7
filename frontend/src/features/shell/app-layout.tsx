import { AppShell, Box, Button, Drawer, ScrollArea } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { useNavigationSync } from '../../api/auth';
import { DEFAULT_SKIN, type LayoutSettings, restoreLayout, storeLayout } from '../../lib/layout-settings';
import { useMobileView } from '../../lib/use-mobile-view';
import './skins.css';

import { FooterBar } from './footer-bar';
import { HeaderBar } from './header-bar';
import { NavigationPanel } from './navigation-panel';
import { PackageStrip } from './package-strip';
import { Ribbon } from './ribbon';
import { SettingsPanel } from './settings-panel';
import { ShortcutPanel } from './shortcut-panel';

export const LAYOUT_KEY = 'layout-settings';

/**
 * The console's frame (docs/console.md §2): header, left panel, ribbon, package strip, page, footer; the layout
 * options decide what stays fixed (sticky) while the page scrolls. In mobile view (under 979 px, §4 and §9) the
 * left panel gives its room to the page: the menu opens as a drawer over the page from the header's menu button.
 */
export function AppLayout() {
  useNavigationSync();
  const { pathname } = useLocation();
  const phone = useMobileView();
  const [minified, { toggle: toggleMinified }] = useDisclosure(false);
  const [navHidden, { toggle: toggleNav }] = useDisclosure(false);
  const [drawerOpen, drawer] = useDisclosure(false);
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
  const sticky = (on: boolean, edge: 'top' | 'bottom' = 'top') =>
    on ? { position: 'sticky' as const, [edge]: 0, zIndex: 10 } : undefined;
  const sideMenu = !phone && !layout.menuOnTop;

  // A page chosen from the drawer replaces the menu.
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

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
        footer={{ height: phone ? 52 : 36 }}
        navbar={
          sideMenu
            ? {
                width: minified ? 72 : 260,
                breakpoint: 'xs',
                collapsed: { desktop: navHidden, mobile: navHidden },
              }
            : undefined
        }
        padding={0}
      >
        <AppShell.Header className="pmis-header" style={sticky(layout.fixedHeader)}>
          <HeaderBar
            phone={phone}
            menuOpened={phone ? drawerOpen : !navHidden}
            onToggleMenu={phone ? drawer.toggle : toggleNav}
            onOpenSettings={settings.open}
            onOpenShortcuts={shortcuts.open}
          />
        </AppShell.Header>
        {layout.menuOnTop && !phone ? (
          <Box style={sticky(layout.fixedNavigation)} bg="white" px="sm">
            <ScrollArea type="auto">
              <NavigationPanel minified />
            </ScrollArea>
          </Box>
        ) : null}
        {sideMenu ? (
          <AppShell.Navbar
            className="pmis-navbar"
            style={sticky(layout.fixedNavigation)}
            aria-label="Left panel"
          >
            <NavigationPanel minified={minified} />
            <Button variant="subtle" size="xs" onClick={toggleMinified} m="xs">
              {minified ? '»' : '« Minify menu'}
            </Button>
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main>
          <Box style={sticky(layout.fixedRibbon)}>
            <Ribbon />
          </Box>
          <PackageStrip />
          <Box p={phone ? 'sm' : 'md'}>
            <Outlet />
          </Box>
        </AppShell.Main>
        <AppShell.Footer style={sticky(layout.fixedFooter, 'bottom')}>
          <FooterBar phone={phone} />
        </AppShell.Footer>
      </AppShell>
      {phone ? (
        <Drawer
          opened={drawerOpen}
          onClose={drawer.close}
          position={layout.rtl ? 'right' : 'left'}
          size={300}
          title="Menu"
          styles={{ body: { display: 'flex', flexDirection: 'column', height: 'calc(100% - 60px)' } }}
        >
          <NavigationPanel minified={false} />
        </Drawer>
      ) : null}
      <SettingsPanel opened={settingsOpen} onClose={settings.close} settings={layout} onChange={setLayout} />
      <ShortcutPanel opened={shortcutsOpen} onClose={shortcuts.close} />
    </Box>
  );
}
