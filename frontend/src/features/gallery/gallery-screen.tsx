/**
 * The gallery (`/dashboard/gallery`): the site photos attached to the records of the registers the reader reads
 * (daily reports, inspections, NCRs, RFIs …), newest first, narrowed by package, station and the days they were
 * filed (the address keeps the filter). A click opens the photo large in a lightbox with its record (a link to its
 * form), who filed it and when; the arrow keys and buttons step through. State lives in `useGalleryController`.
 */
import {
  ActionIcon,
  Anchor,
  AspectRatio,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { usePhotoBytes } from '../../api/gallery';
import type { GalleryPhoto, Screen } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { LookupSelect } from '../screens';
import { type GalleryController, useGalleryController } from './use-gallery-controller';

export function GalleryScreen({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const gallery = useGalleryController();
  return (
    <Stack gap="md" data-testid="gallery">
      <Stack gap={0}>
        <Title order={2}>{t(screen.title)}</Title>
        <Text size="sm" c="dimmed">
          {t('Site photos filed with the records of the registers you read.')}
        </Text>
      </Stack>
      <Filters gallery={gallery} />
      <Photos gallery={gallery} />
      <Lightbox gallery={gallery} />
    </Stack>
  );
}

function Filters({ gallery }: { gallery: GalleryController }) {
  const { t } = useTranslation();
  const { narrowing, setFilter, sources } = gallery;
  return (
    <Group gap="sm" align="end" role="search" aria-label={t('Filter the photos')}>
      <LookupSelect
        source={sources.package}
        value={narrowing.package === null ? '' : String(narrowing.package)}
        onChange={(id) => setFilter('package', id)}
        label={t('Package')}
        placeholder={t('All my packages')}
        allowDeselect
        clearable
        w={{ base: '100%', xs: 200 }}
        data-testid="gallery-package"
      />
      <LookupSelect
        source={sources.station}
        value={narrowing.station === null ? '' : String(narrowing.station)}
        onChange={(id) => setFilter('station', id)}
        label={t('Station')}
        placeholder={t('All stations')}
        allowDeselect
        clearable
        w={{ base: '100%', xs: 200 }}
        data-testid="gallery-station"
      />
      <DatePickerInput
        label={t('Filed from')}
        placeholder={t('Any day')}
        valueFormat="DD MMM, YYYY"
        value={narrowing.from}
        maxDate={narrowing.to ?? undefined}
        onChange={(day) => setFilter('from', day)}
        clearable
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
        data-testid="gallery-from"
      />
      <DatePickerInput
        label={t('Filed to')}
        placeholder={t('Any day')}
        valueFormat="DD MMM, YYYY"
        value={narrowing.to}
        minDate={narrowing.from ?? undefined}
        onChange={(day) => setFilter('to', day)}
        clearable
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
        data-testid="gallery-to"
      />
    </Group>
  );
}

function Photos({ gallery }: { gallery: GalleryController }) {
  const { t } = useTranslation();
  const { gallery: query, photos } = gallery;
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={160} radius="sm" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title={t('The photos could not be read')}
        error={query.error}
        retry={() => void query.refetch()}
      />
    );
  }
  if (photos.length === 0) {
    return (
      <Paper withBorder p="lg" data-testid="gallery-empty">
        <Stack gap="xs" align="start">
          <Text>
            {gallery.narrowed
              ? t('No photo matches these filters.')
              : t(
                  'No photos yet: photos attached to a record (a daily report, an inspection, an NCR) appear here.',
                )}
          </Text>
          {gallery.narrowed ? (
            <Button size="xs" variant="light" onClick={gallery.clear}>
              {t('Clear the filters')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
        {photos.map((photo, index) => (
          <Thumbnail key={`${photo.file_url}`} photo={photo} onOpen={() => gallery.openAt(index)} />
        ))}
      </SimpleGrid>
      {query.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          data-testid="gallery-older"
        >
          {t('Show older photos')}
        </Button>
      ) : null}
    </>
  );
}

/** A photo's local address while it is shown (its bytes are read with the session's header). */
function usePhotoAddress(photo: GalleryPhoto | null): { address: string | null; failed: boolean } {
  const bytes = usePhotoBytes(photo?.file_url ?? null);
  const [address, setAddress] = useState<string | null>(null);
  const blob = bytes.data;
  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    setAddress(url);
    return () => {
      URL.revokeObjectURL(url);
      setAddress(null);
    };
  }, [blob]);
  return { address, failed: bytes.isError };
}

function caption(photo: GalleryPhoto): string {
  return `${photo.register} ${photo.number ?? ''}`.trim();
}

function Thumbnail({ photo, onOpen }: { photo: GalleryPhoto; onOpen: () => void }) {
  const { t } = useTranslation();
  const { address, failed } = usePhotoAddress(photo);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('Open {{name}}, {{record}}', { name: photo.name, record: caption(photo) })}
      data-testid="gallery-photo"
    >
      <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
        <AspectRatio ratio={4 / 3}>
          {address ? (
            <img src={address} alt={photo.name} style={{ objectFit: 'cover' }} />
          ) : failed ? (
            <Text size="xs" c="dimmed" ta="center">
              {t('Could not be read')}
            </Text>
          ) : (
            <Skeleton />
          )}
        </AspectRatio>
        <Stack gap={0} p={6}>
          <Text size="xs" fw={600} truncate>
            {caption(photo)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {formatIndianDateTime(photo.at)}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

function Lightbox({ gallery }: { gallery: GalleryController }) {
  const { t } = useTranslation();
  const photo = gallery.shown;
  const { address, failed } = usePhotoAddress(photo);
  const { previous, next, hasPrevious, hasNext } = gallery;
  useEffect(() => {
    if (!photo) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && hasPrevious) previous();
      if (event.key === 'ArrowRight' && hasNext) next();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [photo, previous, next, hasPrevious, hasNext]);
  return (
    <Modal
      opened={photo !== null}
      onClose={gallery.close}
      title={photo?.name}
      size="auto"
      centered
      data-testid="gallery-lightbox"
    >
      {photo ? (
        <Stack gap="sm" align="center">
          <Group gap="xs" wrap="nowrap" align="center">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={previous}
              disabled={!hasPrevious}
              aria-label={t('Newer photo')}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            {address ? (
              <img
                src={address}
                alt={photo.name}
                style={{ maxWidth: 'min(80vw, 1200px)', maxHeight: '70vh', objectFit: 'contain' }}
              />
            ) : failed ? (
              <Text c="red">{t('The photo could not be read.')}</Text>
            ) : (
              <Loader aria-label={t('Reading {{name}}', { name: photo.name })} />
            )}
            <ActionIcon
              variant="default"
              size="lg"
              onClick={next}
              disabled={!hasNext}
              aria-label={t('Older photo')}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <Stack gap={2} align="center">
            <Text size="sm">
              {photo.register}{' '}
              {photo.record_url ? (
                <Anchor component={Link} to={photo.record_url} fw={500}>
                  {photo.number ?? t('open the record')}
                </Anchor>
              ) : (
                photo.number
              )}
              {photo.title ? ` · ${photo.title}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {t('Filed by {{person}}, {{at}}', {
                person: photo.by_name ?? t('someone no longer here'),
                at: formatIndianDateTime(photo.at),
              })}
            </Text>
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
