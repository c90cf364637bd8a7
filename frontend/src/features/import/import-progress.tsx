/** A check or an import under way: the server's progress as a bar and a line ("Checking row 12,340 · 38 %"). */
import { Button, Group, Progress, Stack, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { bytesText, progressPercent, progressText } from './import-text';
import type { ImportController } from './use-import-controller';

export function ImportProgress({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const { running, progress, sent } = importer;
  if (!running) return null;
  // Before the server knows the run, the bar shows the file being sent.
  const value = progress ? progressPercent(progress) : Math.round(sent * 100);
  return (
    <Stack gap={4} aria-live="polite" data-testid="import-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{progressText(progress, running.dryRun, sent)}</Text>
        {progress && progress.bytes_total > 0 ? (
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {bytesText(progress)}
          </Text>
        ) : null}
      </Group>
      <Progress
        value={value}
        animated
        aria-label={running.dryRun ? t('Progress of the check') : t('Progress of the import')}
      />
      {/* A check can be stopped at any time; an import only while its file is still being sent (after that the
          server may already be writing, and the transaction decides). */}
      {running.dryRun || (!progress && sent < 1) ? (
        <Group justify="flex-end">
          <Button size="compact-xs" variant="subtle" color="red" onClick={importer.stop}>
            {t('Stop')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
