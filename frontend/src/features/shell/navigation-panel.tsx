import { Badge, Box, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { useTranslation } from '../../lib/i18n';
import { buildNavigation, type NavNode, pathTo } from '../../lib/navigation';
import { useSession, useStoredNavigation } from '../../lib/use-session';

/**
 * The left panel (docs/console.md §2): the user's name and the navigation tree from `navjson`, in accordion mode (opening a
 * group closes its siblings), opened down to the current page. Minified it shows the groups' initials only.
 */
export function NavigationPanel({ minified }: { minified: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const stored = useStoredNavigation();
  const tree = useMemo(() => buildNavigation(stored), [stored]);
  const [open, setOpen] = useState<string[]>(() => pathTo(tree, location.pathname));
  useEffect(() => setOpen(pathTo(tree, location.pathname)), [tree, location.pathname]);

  const toggle = (node: NavNode, depth: number) =>
    setOpen((current) =>
      current[depth] === node.id ? current.slice(0, depth) : [...current.slice(0, depth), node.id],
    );

  const render = (nodes: NavNode[], depth: number) =>
    nodes.map((node) => {
      const label = (
        <Box component="span" style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          {t(node.title)}
          {node.counter ? (
            <Badge size="xs" variant="light" circle>
              {node.counter}
            </Badge>
          ) : null}
          {node.badge ? (
            <Badge size="xs" color="teal" className={node.badge.class}>
              {node.badge.label}
            </Badge>
          ) : null}
        </Box>
      );
      if (node.children.length > 0) {
        return (
          <NavLink
            key={node.id}
            // A group is a button that says whether it is open (WCAG 2.1.1, 4.1.2): a link without an address
            // never takes the focus, so no register could be reached from the menu without a mouse.
            component="button"
            type="button"
            aria-expanded={open[depth] === node.id}
            label={
              minified && depth === 0 ? (
                <Tooltip label={t(node.title)}>
                  <span>{t(node.title).slice(0, 2)}</span>
                </Tooltip>
              ) : (
                label
              )
            }
            opened={open[depth] === node.id}
            onChange={() => toggle(node, depth)}
            childrenOffset={minified ? 4 : 16}
            data-testid={`nav-group-${node.id}`}
          >
            {/* Only an open group's items are drawn: the menu has some two hundred, and drawing the closed ones
                again on every page change made each navigation wait for them. */}
            {open[depth] === node.id ? render(node.children, depth + 1) : <></>}
          </NavLink>
        );
      }
      if (node.href) {
        return <NavLink key={node.id} label={label} href={node.href} target="_blank" rel="noreferrer" />;
      }
      return (
        <NavLink
          key={node.id}
          label={label}
          component={Link}
          to={node.route ?? '/'}
          active={location.pathname === node.route}
        />
      );
    });

  return (
    <>
      {!minified ? (
        <Text fw={600} px="sm" py="xs" data-testid="nav-user">
          {session?.name}
        </Text>
      ) : null}
      <ScrollArea style={{ flex: 1 }} aria-label={t('Navigation')}>
        <nav>{render(tree, 0)}</nav>
      </ScrollArea>
    </>
  );
}
