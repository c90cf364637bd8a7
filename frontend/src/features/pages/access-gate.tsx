import { Center, Overlay, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { useTranslation } from '../../lib/i18n';

/** docs/console.md §6's overlay text (shown through t()). */
export const ACCESS_DISABLED = 'Access disabled - Please contact to Administrator';

/**
 * A screen, or in its place the "Access disabled" overlay when the user holds no permission for its route
 * (docs/console.md §6). The forbidden screen is not drawn under the overlay at all: none of its data is asked for
 * or shown. Only a courtesy: the gateway refuses the screen's data itself.
 */
export function AccessGate({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (allowed) return <>{children}</>;
  return (
    <div style={{ position: 'relative', minHeight: 320 }} data-testid="access-disabled">
      <Overlay color="#fff" backgroundOpacity={0.92} blur={3} zIndex={20} data-testid="access-overlay">
        <Center h="100%" p="md">
          <Paper withBorder shadow="md" p="xl">
            <Text fw={700} c="red" size="lg" role="alert" ta="center">
              {t(ACCESS_DISABLED)}
            </Text>
          </Paper>
        </Center>
      </Overlay>
    </div>
  );
}
