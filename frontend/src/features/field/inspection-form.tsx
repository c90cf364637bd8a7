/**
 * The inspection recorded on site, one column of large inputs for a phone: the package and the RFI witnessed (or
 * the station and place inspected), the date, the result, remarks, photos from the camera (made smaller first),
 * the position and the signature. Saving puts it in the outbox, which sends it when it can; the form is then ready
 * for the next one. The register's own metadata (`GET /api/screen`) names the look-ups.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconMapPin, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import type { ScreenMeta } from '../../api/schema';
import type { OutboxEntry, OutboxFile } from '../../lib/field-outbox';
import { formatDocumentDate } from '../../lib/format';
import { translate, useTranslation } from '../../lib/i18n';
import { dateBound } from '../../lib/record-rules';
import { confirm, CONFIRM_SAVE, noticeDeclined } from '../notices';
import { useLookupSources } from '../screens';
import { compressPhoto } from './compress-photo';
import { FieldLookup } from './field-lookup';
import { ItpChecklist } from './itp-checklist';
import {
  checklistRegister,
  emptyValues,
  type FieldPage,
  fieldChoices,
  fieldSchema,
  type FieldValues,
  newSendKey,
  roundedDegrees,
  todayText,
  toChecklistLines,
  routeFormOf,
  toRecord,
} from './field-form';
import { SignatureField } from './signature-field';

/** More photos than this make an entry too heavy to wait on a phone. */
export const MAX_PHOTOS = 8;

export interface InspectionFormProps {
  page: FieldPage;
  meta: ScreenMeta;
  inspector: number;
  onSave: (entry: OutboxEntry) => Promise<void>;
}

interface Photo extends OutboxFile {
  preview: string;
}

export function InspectionForm({ page, meta, inspector, onSave }: InspectionFormProps) {
  const { t } = useTranslation();
  const today = todayText();
  const choices = useMemo(() => fieldChoices(meta), [meta]);
  // What the route records (its fixed kind) and asks (the RFI or the station), as its metadata says.
  const route = useMemo(() => routeFormOf(meta), [meta]);
  const schema = useMemo(() => fieldSchema(route, choices), [route, choices]);
  const asksRfi = route.asks.has('n_rfi');
  const asksStation = route.asks.has('n_station');
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyValues(today, choices),
  });
  const { errors } = form.formState;
  const packageKey = useWatch({ control: form.control, name: 'n_package' });
  const itpKey = useWatch({ control: form.control, name: 'n_itp' });
  const followed = useMemo(() => ({ n_package: packageKey }), [packageKey]);
  const sources = useLookupSources(meta.columns, meta.lookups, null, followed);
  const checklist = useMemo(() => checklistRegister(meta), [meta]);
  const narrow = useMediaQuery('(max-width: 420px)');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [signatureKey, setSignatureKey] = useState(0);
  const [position, setPosition] = useState<{ accuracy: number } | null>(null);
  const [positionError, setPositionError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  // Previews are object URLs: released when a photo leaves the form.
  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.preview)), [photos]);

  const addPhotos = async (files: File[]) => {
    setPhotoError(null);
    const room = MAX_PHOTOS - photos.length;
    if (files.length > room) setPhotoError(t('At most {{max}} photos per inspection', { max: MAX_PHOTOS }));
    setCompressing(true);
    try {
      const added: Photo[] = [];
      for (const file of files.slice(0, Math.max(room, 0))) {
        if (!file.type.startsWith('image/')) {
          setPhotoError(t('{{name}} is not a photo', { name: file.name }));
          continue;
        }
        const smaller = await compressPhoto(file);
        added.push({ ...smaller, preview: URL.createObjectURL(smaller.blob) });
      }
      setPhotos((before) => [...before, ...added]);
    } catch (error) {
      setPhotoError(
        t('The photo could not be read: {{reason}}', {
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setCompressing(false);
    }
  };

  const locate = () => {
    setPositionError(null);
    if (!('geolocation' in navigator)) {
      setPositionError(t('This browser cannot tell the position'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        form.setValue('n_latitude', roundedDegrees(found.coords.latitude));
        form.setValue('n_longitude', roundedDegrees(found.coords.longitude));
        setPosition({ accuracy: Math.round(found.coords.accuracy) });
        setLocating(false);
      },
      (failure) => {
        setPositionError(
          failure.code === failure.PERMISSION_DENIED
            ? translate('The position was not shared: allow location for this site in the browser')
            : translate('The position is not available here; try again in the open'),
        );
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  const locationField = form.register('c_location');
  const inspectedField = form.register('d_inspected');
  const remarksField = form.register('c_remarks');

  const latitude = useWatch({ control: form.control, name: 'n_latitude' });
  const longitude = useWatch({ control: form.control, name: 'n_longitude' });

  const save = form.handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    const files: OutboxFile[] = photos.map(({ name, type, blob }) => ({ name, type, blob }));
    if (signature) files.push({ name: 'signature.png', type: 'image/png', blob: signature });
    const remark = values.c_remarks.trim();
    await onSave({
      key: newSendKey(),
      route: page.route,
      entry: meta.entry,
      // What the outbox lists, in the language of the moment it was saved.
      summary: [
        ...Object.values(route.fixed).map((value) => t(value)),
        t(values.c_result),
        formatDocumentDate(values.d_inspected),
        remark.slice(0, 60),
      ]
        .filter((part) => part !== '')
        .join(' · '),
      record: toRecord(route, values, inspector),
      lines: toChecklistLines(values, checklist, choices),
      files,
      savedAt: new Date().toISOString(),
      recordKey: null,
      refused: null,
    });
    form.reset(emptyValues(today, choices));
    setPhotos([]);
    setSignature(null);
    setSignatureKey((key) => key + 1);
    setPosition(null);
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <FieldLookup
          control={form.control}
          name="n_package"
          source={sources.get('n_package')}
          label={t('Package')}
          required
          error={errors.n_package?.message}
          onPicked={() => {
            form.setValue('n_rfi', '');
            form.setValue('n_itp', '');
          }}
        />
        {asksRfi ? (
          <FieldLookup
            control={form.control}
            name="n_rfi"
            source={sources.get('n_rfi')}
            label={t('RFI')}
            required
            waitsFor={packageKey === '' ? t('Choose the package first') : null}
            placeholder={t('Type the RFI number')}
            error={errors.n_rfi?.message}
          />
        ) : null}
        {asksStation ? (
          <FieldLookup
            control={form.control}
            name="n_station"
            source={sources.get('n_station')}
            label={t('Station')}
          />
        ) : null}
        <FieldLookup
          control={form.control}
          name="n_itp"
          source={sources.get('n_itp')}
          label={t('ITP')}
          description={t('Its activities become the checklist')}
          waitsFor={packageKey === '' ? t('Choose the package first') : null}
          placeholder={t('Type the ITP number')}
        />
        {checklist ? (
          <ItpChecklist
            control={form.control}
            setValue={form.setValue}
            prefill={checklist.prefill}
            chosen={itpKey}
            errors={errors.checks}
            choices={choices}
          />
        ) : null}
        <TextInput
          size="lg"
          label={t('Location')}
          description={t('Pier, chainage or grid')}
          maxLength={choices.locationMax}
          error={errors.c_location?.message}
          {...locationField}
        />
        <TextInput
          size="lg"
          type="date"
          label={t('Inspected on')}
          required
          max={dateBound(choices.inspected?.max)}
          error={errors.d_inspected?.message}
          {...inspectedField}
        />
        <Controller
          control={form.control}
          name="c_result"
          render={({ field }) => (
            <Input.Wrapper label={t('Result')} required error={errors.c_result?.message}>
              <SegmentedControl
                mt={4}
                fullWidth
                size="lg"
                orientation={narrow ? 'vertical' : 'horizontal'}
                data={choices.results.map((result) => ({ value: result, label: t(result) }))}
                value={field.value}
                onChange={field.onChange}
                aria-label={t('Result')}
              />
            </Input.Wrapper>
          )}
        />
        <Textarea
          size="lg"
          label={t('Remarks')}
          autosize
          minRows={3}
          maxLength={choices.remarksMax}
          error={errors.c_remarks?.message}
          {...remarksField}
        />
        <Input.Wrapper
          label={t('Photos')}
          description={t('Up to {{max}}; made smaller on the phone before sending', { max: MAX_PHOTOS })}
        >
          <Stack gap="xs" mt={4}>
            {photos.length > 0 ? (
              <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs">
                {photos.map((photo, index) => (
                  <div key={photo.preview} style={{ position: 'relative' }}>
                    <Image
                      src={photo.preview}
                      alt={t('Photo {{n}}', { n: index + 1 })}
                      radius="sm"
                      h={88}
                      fit="cover"
                    />
                    <ActionIcon
                      size="lg"
                      color="dark"
                      variant="filled"
                      aria-label={t('Remove photo {{n}}', { n: index + 1 })}
                      style={{ position: 'absolute', top: 2, right: 2 }}
                      onClick={() => setPhotos((before) => before.filter((other) => other !== photo))}
                    >
                      <IconX size={18} />
                    </ActionIcon>
                  </div>
                ))}
              </SimpleGrid>
            ) : null}
            <FileButton
              onChange={(files) => void addPhotos(files)}
              accept="image/*"
              multiple
              capture="environment"
            >
              {(props) => (
                <Button
                  {...props}
                  size="lg"
                  variant="light"
                  leftSection={<IconCamera />}
                  loading={compressing}
                  disabled={photos.length >= MAX_PHOTOS}
                >
                  {t('Take or add photos')}
                </Button>
              )}
            </FileButton>
            {photoError ? (
              <Text c="red" size="sm" role="alert">
                {photoError}
              </Text>
            ) : null}
          </Stack>
        </Input.Wrapper>
        <Input.Wrapper label={t('Position')}>
          <Group mt={4} gap="sm" wrap="wrap">
            <Button
              size="lg"
              variant="light"
              leftSection={<IconMapPin />}
              loading={locating}
              onClick={locate}
            >
              {latitude === null ? t('Record my position') : t('Record it again')}
            </Button>
            {latitude !== null && longitude !== null ? (
              <Text data-testid="position">
                {latitude.toFixed(6)}, {longitude.toFixed(6)}
                {position ? ` ${t('(within {{metres}} m)', { metres: position.accuracy })}` : ''}
              </Text>
            ) : null}
          </Group>
          {positionError ? (
            <Text c="red" size="sm" role="alert" mt={4}>
              {positionError}
            </Text>
          ) : null}
        </Input.Wrapper>
        <SignatureField signed={signature !== null} onChange={setSignature} resetKey={signatureKey} />
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" role="alert">
            {t('Some fields need attention; they are marked above.')}
          </Alert>
        ) : null}
        <Button type="submit" size="xl" loading={form.formState.isSubmitting || compressing}>
          {t('Save inspection')}
        </Button>
      </Stack>
    </form>
  );
}
