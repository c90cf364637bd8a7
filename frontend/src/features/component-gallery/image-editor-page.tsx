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
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { SEND_LONG_SIDE } from './photo-edits';
import { type Photo, usePhotoEditor } from './use-photo-editor';

function PhotoFacts({ photo }: { photo: Photo }) {
  return (
    <Text size="sm" c="dimmed" data-testid="photo-facts">
      {photo.width} × {photo.height} px, {formatBytes(photo.file.size)}
    </Text>
  );
}

export function ImageEditorPage() {
  const editor = usePhotoEditor();
  const { original, edited } = editor;
  return (
    <CardGrid>
      <DemoCard title="The photo" note="A photo from the camera or the disk; turn it until it stands right.">
        <Dropzone
          onDrop={(files) => files[0] && editor.choose(files[0])}
          accept={IMAGE_MIME_TYPE}
          multiple={false}
          aria-label="Choose a photo"
        >
          <Group justify="center" gap="sm" mih={60} style={{ pointerEvents: 'none' }}>
            <IconPhoto size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text size="sm">Drop a photo here, or click to choose one</Text>
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
                alt={`The chosen photo, turned ${editor.turns * 90}°`}
                maw={220}
                mah={220}
                fit="contain"
                style={{ transform: `rotate(${editor.turns * 90}deg)`, transition: 'transform 150ms' }}
              />
            </Box>
            <PhotoFacts photo={original} />
            <Group gap="xs">
              <Button variant="default" leftSection={<IconRotate2 size={16} />} onClick={editor.turnLeft}>
                Turn left
              </Button>
              <Button
                variant="default"
                leftSection={<IconRotateClockwise2 size={16} />}
                onClick={editor.turnRight}
              >
                Turn right
              </Button>
              <Button onClick={editor.apply} loading={editor.working}>
                Make the copy to send
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No photo chosen yet.
          </Text>
        )}
      </DemoCard>
      <DemoCard
        title="The copy to send"
        note={`Turned, at most ${SEND_LONG_SIDE} px on its long side, as a JPEG.`}
      >
        {edited ? (
          <Stack gap="xs">
            <Image src={edited.url} alt="The copy to send" mah={240} fit="contain" />
            <PhotoFacts photo={edited} />
            {original ? (
              <Text size="sm">
                {Math.round((100 * edited.file.size) / Math.max(1, original.file.size))} % of the original’s
                bytes
              </Text>
            ) : null}
            <Anchor href={edited.url} download={edited.file.name}>
              Save {edited.file.name}
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Choose a photo and press “Make the copy to send”.
          </Text>
        )}
      </DemoCard>
    </CardGrid>
  );
}
