/** Gallery cards side by side from a tablet up, one under another on a phone (the dashboards' rule). */
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, md: columns === 3 ? 2 : columns, lg: columns }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
