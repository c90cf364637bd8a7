/**
 * /ui/tree-views: your menu as a tree (Mantine's Tree): the navigation the left panel builds from your permissions
 * (`navigation` of `/api/auth/me`), groups opening and closing, each screen a link to it.
 */
import {
  Anchor,
  Button,
  getTreeExpandedState,
  Group,
  Loader,
  Text,
  Tree,
  type TreeNodeData,
  useTree,
} from '@mantine/core';
import { IconChevronRight, IconFolder, IconLayoutDashboard } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';

import { useMe } from '../../api/auth';
import { useTranslation } from '../../lib/i18n';
import { buildNavigation, pathTo } from '../../lib/navigation';
import { DemoCard } from './demo-card';
import { navTree, screenCount } from './nav-tree';

export function TreePage() {
  const { t } = useTranslation();
  const me = useMe();
  const nodes = useMemo(() => buildNavigation(me.data?.navigation ?? []), [me.data?.navigation]);
  const data = useMemo(() => navTree(nodes) as TreeNodeData[], [nodes]);
  // The groups leading to this page start open.
  const { pathname } = useLocation();
  const open = pathTo(nodes, pathname)
    .slice(0, -1)
    .map((id) => `group:${id}`);
  const tree = useTree({ initialExpandedState: getTreeExpandedState(data, open) });
  if (me.isPending) return <Loader aria-label={t('Loading your menu')} />;
  return (
    <DemoCard
      title={t('Your menu')}
      note={t('{{screens}} screens you may open, in their groups.', { screens: screenCount(nodes) })}
    >
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => tree.expandAllNodes()}>
          {t('Open every group')}
        </Button>
        <Button size="xs" variant="default" onClick={() => tree.collapseAllNodes()}>
          {t('Close every group')}
        </Button>
      </Group>
      <Tree
        data={data}
        tree={tree}
        levelOffset={20}
        data-testid="menu-tree"
        renderNode={({ node, expanded, hasChildren, elementProps }) => (
          <Group gap={6} wrap="nowrap" {...elementProps} py={2}>
            {hasChildren ? (
              <IconChevronRight
                size={14}
                style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
                aria-hidden
              />
            ) : null}
            {hasChildren ? (
              <IconFolder size={16} aria-hidden />
            ) : (
              <IconLayoutDashboard size={16} aria-hidden />
            )}
            {!hasChildren && node.value.startsWith('/') ? (
              <Anchor component={Link} to={node.value} size="sm" onClick={(event) => event.stopPropagation()}>
                {node.label}
              </Anchor>
            ) : (
              <Text size="sm" fw={hasChildren ? 600 : undefined}>
                {node.label}
              </Text>
            )}
          </Group>
        )}
      />
    </DemoCard>
  );
}
