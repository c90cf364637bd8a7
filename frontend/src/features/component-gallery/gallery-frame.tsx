/**
 * The frame of every gallery page: the screen's title and menu group, one line on what the page shows and where the
 * console uses it, and, where the template named a library the console does not use, what stands in for it. Pages
 * draw only their content below it.
 */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { useTranslation } from '../../lib/i18n';
import type { GalleryRoute } from './gallery-routes';

export interface GalleryFrameProps {
  title: string;
  group: string;
  entry: GalleryRoute;
  children: ReactNode;
}

export function GalleryFrame({ title, group, entry, children }: GalleryFrameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="component-gallery" data-family={entry.family} miw={0}>
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={2}>{t(title)}</Title>
          <Badge variant="light">{t(group)}</Badge>
        </Group>
        <Text data-testid="gallery-what">{t(entry.what)}</Text>
        {entry.instead ? (
          <Group gap={6} wrap="nowrap" align="start">
            <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Text size="sm" c="dimmed">
              {t(entry.instead)}
            </Text>
          </Group>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}
