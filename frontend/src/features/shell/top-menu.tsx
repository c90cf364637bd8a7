/**
 * The navigation as a menu bar under the header ("Menu on top", docs/console.md §3): the same tree as the left
 * panel (`navjson`), each group a button opening its items, deeper groups as sub-menus. The bar scrolls sideways
 * when the groups do not fit.
 */
import { Button, Group, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';

import { useTranslation } from '../../lib/i18n';
import { buildNavigation, type NavNode, pathTo } from '../../lib/navigation';
import { useStoredNavigation } from '../../lib/use-session';

function Items({ nodes }: { nodes: NavNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return nodes.map((node) => {
    if (node.children.length > 0) {
      return (
        <Menu.Sub key={node.id}>
          <Menu.Sub.Target>
            <Menu.Sub.Item>{t(node.title)}</Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            <Items nodes={node.children} />
          </Menu.Sub.Dropdown>
        </Menu.Sub>
      );
    }
    if (node.href) {
      return (
        <Menu.Item key={node.id} component="a" href={node.href} target="_blank" rel="noreferrer">
          {t(node.title)}
        </Menu.Item>
      );
    }
    const route = node.route ?? '/';
    return (
      <Menu.Item
        key={node.id}
        component={Link}
        to={route}
        data-active={pathname === route || undefined}
        aria-current={pathname === route ? 'page' : undefined}
      >
        {t(node.title)}
      </Menu.Item>
    );
  });
}

export function TopMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const stored = useStoredNavigation();
  const tree = useMemo(() => buildNavigation(stored), [stored]);
  const current = pathTo(tree, pathname)[0];
  return (
    <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
      <Group
        component="nav"
        aria-label={t('Top menu')}
        gap={2}
        wrap="nowrap"
        px="xs"
        h={40}
        data-testid="top-menu"
      >
        {tree.map((node) =>
          node.children.length > 0 ? (
            <Menu key={node.id} position="bottom-start" withinPortal trigger="click-hover" openDelay={60}>
              <Menu.Target>
                <Button
                  variant={node.id === current ? 'light' : 'subtle'}
                  size="compact-sm"
                  style={{ flexShrink: 0 }}
                  rightSection={<IconChevronDown size={14} />}
                >
                  {t(node.title)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <ScrollArea.Autosize mah="60vh" type="auto">
                  <Items nodes={node.children} />
                </ScrollArea.Autosize>
              </Menu.Dropdown>
            </Menu>
          ) : node.href ? (
            <Button
              key={node.id}
              component="a"
              href={node.href}
              target="_blank"
              rel="noreferrer"
              variant="subtle"
              size="compact-sm"
              style={{ flexShrink: 0 }}
            >
              {t(node.title)}
            </Button>
          ) : (
            <Button
              key={node.id}
              component={Link}
              to={node.route ?? '/'}
              variant={node.id === current ? 'light' : 'subtle'}
              size="compact-sm"
              style={{ flexShrink: 0 }}
            >
              {t(node.title)}
            </Button>
          ),
        )}
      </Group>
    </ScrollArea>
  );
}
