import { Center, Overlay, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** docs/console.md §6's overlay text. */
export const ACCESS_DISABLED = 'Access disabled - Please contact to Administrator';

/**
 * A screen, covered by the "Access disabled" overlay when the user holds no permission for its route
 * (docs/console.md §6). Only a courtesy: the gateway refuses the screen's data itself.
 */
export function AccessGate({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return (
    <div style={{ position: 'relative', minHeight: 320 }}>
      {children}
      {allowed ? null : (
        <Overlay color="#fff" backgroundOpacity={0.92} blur={3} zIndex={20} data-testid="access-overlay">
          <Center h="100%" p="md">
            <Paper withBorder shadow="md" p="xl">
              <Text fw={700} c="red" size="lg" role="alert" ta="center">
                {ACCESS_DISABLED}
              </Text>
            </Paper>
          </Center>
        </Overlay>
      )}
    </div>
  );
}
