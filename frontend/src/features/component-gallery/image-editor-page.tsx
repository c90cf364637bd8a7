/**
 * /forms/image-editor: a site photo turned and shrunk before it is sent, as the field forms do with photos taken on a
 * phone: choose a photo, turn it, make the copy to send (at most 1600 px, about half a megabyte), compare the sizes
 * and save the copy. The photo never leaves this browser.
 */
import '@mantine/dropzone/styles.css';

import { Alert, Anchor, Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconPhoto, IconRotate2, IconRotateClockwise2 } from '@tabler/icons-react';

import { formatBytes } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { SEND_LONG_SIDE } from './photo-edits';
import { type Photo, usePhotoEditor } from './use-photo-editor';

function PhotoFacts({ photo }: { photo: Photo }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="photo-facts">
      {t('{{width}} × {{height}} px, {{size}}', {
        width: photo.width,
        height: photo.height,
        size: formatBytes(photo.file.size),
      })}
    </Text>
  );
}

export function ImageEditorPage() {
  const { t } = useTranslation();
  const editor = usePhotoEditor();
  const { original, edited } = editor;
  return (
    <CardGrid>
      <DemoCard
        title={t('The photo')}
        note={t('A photo from the camera or the disk; turn it until it stands right.')}
      >
        <Dropzone
          onDrop={(files) => files[0] && editor.choose(files[0])}
          accept={IMAGE_MIME_TYPE}
          multiple={false}
          aria-label={t('Choose a photo')}
          // The hidden file input is named too (axe `label`): assistive technology may reach it.
          inputProps={{ 'aria-label': t('Choose a photo') }}
        >
          <Group justify="center" gap="sm" mih={60} style={{ pointerEvents: 'none' }}>
            <IconPhoto size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text size="sm">{t('Drop a photo here, or click to choose one')}</Text>
          </Group>
        </Dropzone>
        {editor.problem ? (
          <Alert color="red" role="alert">
            {editor.problem}
          </Alert>
        ) : null}
        {original ? (
          <Stack gap="xs">
            <Box
              h={240}
              style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
              bg="gray.1"
            >
              <Image
                src={original.url}
                alt={t('The chosen photo, turned {{degrees}}°', { degrees: editor.turns * 90 })}
                maw={220}
                mah={220}
                fit="contain"
                style={{ transform: `rotate(${editor.turns * 90}deg)`, transition: 'transform 150ms' }}
              />
            </Box>
            <PhotoFacts photo={original} />
            <Group gap="xs">
              <Button variant="default" leftSection={<IconRotate2 size={16} />} onClick={editor.turnLeft}>
                {t('Turn left')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconRotateClockwise2 size={16} />}
                onClick={editor.turnRight}
              >
                {t('Turn right')}
              </Button>
              <Button onClick={editor.apply} loading={editor.working}>
                {t('Make the copy to send')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('No photo chosen yet.')}
          </Text>
        )}
      </DemoCard>
      <DemoCard
        title={t('The copy to send')}
        note={t('Turned, at most {{pixels}} px on its long side, as a JPEG.', { pixels: SEND_LONG_SIDE })}
      >
        {edited ? (
          <Stack gap="xs">
            <Image src={edited.url} alt={t('The copy to send')} mah={240} fit="contain" />
            <PhotoFacts photo={edited} />
            {original ? (
              <Text size="sm">
                {t('{{percent}} % of the original’s bytes', {
                  percent: Math.round((100 * edited.file.size) / Math.max(1, original.file.size)),
                })}
              </Text>
            ) : null}
            <Anchor href={edited.url} download={edited.file.name}>
              {t('Save {{name}}', { name: edited.file.name })}
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('Choose a photo and press “Make the copy to send”.')}
          </Text>
        )}
      </DemoCard>
    </CardGrid>
  );
}
