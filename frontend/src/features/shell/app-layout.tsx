import { AppShell, Box, Button, Drawer } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { useNavigationSync } from '../../api/auth';
import {
  DEFAULT_SKIN,
  type LayoutSettings,
  restoreLayout,
  SKIN_LOOKS,
  storeLayout,
} from '../../lib/layout-settings';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import './skins.css';

import { FooterBar } from './footer-bar';
import { HeaderBar } from './header-bar';
import { NavigationPanel } from './navigation-panel';
import { PackageStrip } from './package-strip';
import { Ribbon } from './ribbon';
import { SettingsPanel } from './settings-panel';
import { ShortcutPanel } from './shortcut-panel';
import { TopMenu } from './top-menu';

export const LAYOUT_KEY = 'layout-settings';

/** The header's own row; "Menu on top" adds the menu bar under it. */
const HEADER_ROW = 56;
const TOP_MENU_ROW = 40;

/**
 * The console's frame (docs/console.md §2): header, left panel (or, with "Menu on top", a menu bar under the
 * header), ribbon, package strip, page, footer; the layout options decide what stays fixed (sticky) while the page
 * scrolls, from the first paint after a reload. In mobile view (under 979 px, §4 and §9) the left panel gives its
 * room to the page: the menu opens as a drawer over the page from the header's menu button.
 */
export function AppLayout() {
  const { t } = useTranslation();
  useNavigationSync();
  const { pathname } = useLocation();
  const phone = useMobileView();
  const [minified, { toggle: toggleMinified }] = useDisclosure(false);
  const [navHidden, { toggle: toggleNav, open: hideNav, close: showNav }] = useDisclosure(false);
  const [drawerOpen, drawer] = useDisclosure(false);
  const [settingsOpen, settings] = useDisclosure(false);
  const [shortcutsOpen, shortcuts] = useDisclosure(false);
  const [stored, setStored] = useLocalStorage<string | null>({
    key: LAYOUT_KEY,
    defaultValue: null,
    serialize: (value) => value ?? '',
    deserialize: (value) => value ?? null,
    // Read before the first paint: a fixed header must not start out scrolling away after a reload.
    getInitialValueInEffect: false,
  });
  const layout = restoreLayout(stored ?? null, DEFAULT_SKIN);
  const setLayout = (next: LayoutSettings) => setStored(storeLayout(next, DEFAULT_SKIN));
  const sideMenu = !phone && !layout.menuOnTop;
  const topMenu = !phone && layout.menuOnTop;
  const headerHeight = topMenu ? HEADER_ROW + TOP_MENU_ROW : HEADER_ROW;
  // Mantine's static shell makes its header, footer and panel sticky by default: each follows its option instead,
  // and what sticks under a fixed header sticks below it.
  const below = layout.fixedHeader ? headerHeight : 0;
  const place = (on: boolean, edge: 'top' | 'bottom', offset = 0, zIndex = 10) =>
    on ? { position: 'sticky' as const, [edge]: offset, zIndex } : { position: 'relative' as const };
  const navigationPlace = layout.fixedNavigation
    ? { ...place(true, 'top', below), height: `calc(100dvh - ${below}px)`, alignSelf: 'start' }
    : // Mantine offsets its panel by the header's height, which a panel in the page's flow must not be.
      { ...place(false, 'top'), top: 0 };
  const look = SKIN_LOOKS[layout.skin];

  // A page chosen from the drawer replaces the menu.
  const { open: openDrawer, close: closeDrawer } = drawer;
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  // The voice commands "show navigation" and "hide navigation": the drawer on a phone, else the left panel.
  const showNavigation = useCallback(
    (show: boolean) => (phone ? (show ? openDrawer : closeDrawer) : show ? showNav : hideNav)(),
    [phone, openDrawer, closeDrawer, showNav, hideNav],
  );

  return (
    <Box
      dir={layout.rtl ? 'rtl' : 'ltr'}
      data-skin={layout.skin}
      data-fixed-header={layout.fixedHeader ? 'yes' : 'no'}
      data-colorblind={layout.colorblindFriendly ? 'yes' : 'no'}
      style={{
        '--pmis-header-bg': look.header,
        '--pmis-header-fg': look.headerText,
        '--pmis-nav-bg': look.navigation,
      }}
      maw={layout.insideContainer ? 1280 : undefined}
      mx={layout.insideContainer ? 'auto' : undefined}
    >
      <AppShell
        mode="static"
        // Static mode makes the shell a scroll box of its own, under which nothing can stick: the page scrolls.
        styles={{ root: { overflow: 'visible' } }}
        header={{ height: headerHeight }}
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
        <AppShell.Header className="pmis-header" style={place(layout.fixedHeader, 'top', 0, 101)}>
          <Box h={HEADER_ROW}>
            <HeaderBar
              phone={phone}
              menuOpened={phone ? drawerOpen : !navHidden}
              onToggleMenu={phone ? drawer.toggle : toggleNav}
              onShowNavigation={showNavigation}
              onOpenSettings={settings.open}
              onOpenShortcuts={shortcuts.open}
            />
          </Box>
          {topMenu ? (
            <Box
              h={TOP_MENU_ROW}
              bg="var(--pmis-nav-bg)"
              style={{ borderTop: '1px solid var(--app-shell-border-color)' }}
            >
              <TopMenu />
            </Box>
          ) : null}
        </AppShell.Header>
        {sideMenu ? (
          <AppShell.Navbar className="pmis-navbar" style={navigationPlace} aria-label={t('Left panel')}>
            <NavigationPanel minified={minified} />
            <Button variant="subtle" size="xs" onClick={toggleMinified} m="xs">
              {minified ? '»' : t('« Minify menu')}
            </Button>
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main>
          <Box style={place(layout.fixedRibbon, 'top', below)}>
            <Ribbon />
          </Box>
          <PackageStrip />
          <Box p={phone ? 'sm' : 'md'}>
            <Outlet />
          </Box>
        </AppShell.Main>
        <AppShell.Footer style={place(layout.fixedFooter, 'bottom')}>
          <FooterBar phone={phone} />
        </AppShell.Footer>
      </AppShell>
      {phone ? (
        <Drawer
          opened={drawerOpen}
          onClose={drawer.close}
          position={layout.rtl ? 'right' : 'left'}
          size={300}
          title={t('Menu')}
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
