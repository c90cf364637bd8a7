/**
 * /views/gallery: the newest site photos filed with records of your registers (`GET /api/gallery`, the Gallery
 * dashboard's call), as a grid of cards: the photo, its record's number and register, who filed it and when. A photo
 * opens its record. Shown to those who hold the Gallery dashboard.
 */
import {
  Anchor,
  AspectRatio,
  Button,
  Card,
  Center,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { useGallery, usePhotoBytes } from '../../api/gallery';
import type { GalleryPhoto } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { NotHeldNote } from './not-held-note';
import { useHolds } from './use-holds';

const GALLERY_ROUTE = '/dashboard/gallery';
const SHOWN = 12;
const EVERYWHERE = { package: null, station: null, from: null, to: null };

export function PhotoGalleryPage() {
  const { t } = useTranslation();
  const holds = useHolds(GALLERY_ROUTE);
  if (!holds) {
    return <NotHeldNote what={t('The photos')} title={t('the Gallery dashboard')} route={GALLERY_ROUTE} />;
  }
  return <Photos />;
}

function Photos() {
  const { t } = useTranslation();
  const gallery = useGallery(EVERYWHERE);
  const photos = useMemo(
    () => (gallery.data?.pages.flatMap((page) => page.photos) ?? []).slice(0, SHOWN),
    [gallery.data],
  );
  if (gallery.isPending) return <Loader aria-label={t('Loading the photos')} />;
  if (gallery.isError) {
    return (
      <LoadError
        title={t('The photos could not be loaded')}
        error={gallery.error}
        retry={() => void gallery.refetch()}
      />
    );
  }
  if (photos.length === 0) {
    return (
      <Text c="dimmed" data-testid="gallery-empty">
        {t(
          'No photos have been filed with records of your registers yet. A photo attached in a record’s Files tab, or taken with a field form, appears here and in the Gallery dashboard.',
        )}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {photos.map((photo) => (
          <PhotoCard key={photo.id} photo={photo} />
        ))}
      </SimpleGrid>
      <Button component={Link} to={GALLERY_ROUTE} variant="light" w="fit-content">
        {t('Every photo, with filters, in the Gallery dashboard')}
      </Button>
    </Stack>
  );
}

/** A photo's bytes as a local address, released when the card goes. */
function usePhotoUrl(fileUrl: string): string | null {
  const bytes = usePhotoBytes(fileUrl);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes.data) return;
    const local = URL.createObjectURL(bytes.data);
    setUrl(local);
    return () => URL.revokeObjectURL(local);
  }, [bytes.data]);
  return url;
}

function PhotoCard({ photo }: { photo: GalleryPhoto }) {
  const url = usePhotoUrl(photo.file_url);
  const caption = photo.number ?? photo.title ?? photo.name;
  return (
    <Card withBorder padding="sm" data-testid="gallery-photo">
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          {url ? (
            <Image src={url} alt={`${photo.name}, ${caption}`} fit="cover" />
          ) : (
            <Center bg="gray.1">
              <IconPhoto size={32} color="var(--mantine-color-dimmed)" aria-hidden />
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={2} mt="xs">
        {photo.record_url ? (
          <Anchor component={Link} to={photo.record_url} fw={600} size="sm">
            {caption}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {caption}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {photo.register}
          {photo.by_name ? ` · ${photo.by_name}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {formatIndianDateTime(photo.at)}
        </Text>
      </Stack>
    </Card>
  );
}
