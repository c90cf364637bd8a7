/**
 * A record made on site, one column of large inputs for a phone, drawn from its route's metadata: the fields its
 * sections ask (the package and the RFI witnessed, or the station and place inspected; the date, the result,
 * remarks), the checklist its chosen ITP starts, photos from the camera (made smaller first) and a signature when
 * the register keeps files, and the position when it has one. Saving puts it in the outbox, which sends it when it
 * can; the form is then ready for the next one.
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
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconCamera, IconMapPin, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import type { ScreenMeta } from '../../api/schema';
import type { OutboxEntry, OutboxFile } from '../../lib/field-outbox';
import { translate, useTranslation } from '../../lib/i18n';
import { confirm, CONFIRM_SAVE, noticeDeclined } from '../notices';
import {
  FieldGrid,
  type FollowedValues,
  followedColumns,
  followedOf,
  useFieldSetup,
  useTranslatedMeta,
} from '../screens/record-fields';
import { compressPhoto } from './compress-photo';
import { PrefilledLines } from './prefilled-lines';
import {
  checklistRegister,
  emptyValues,
  type FieldPage,
  fieldChoices,
  fieldRecordOf,
  fieldSchema,
  type FieldValues,
  newSendKey,
  roundedDegrees,
  summaryOf,
  toChecklistLines,
  toRecord,
} from './field-form';
import { SignatureField } from './signature-field';

/** More photos than this make an entry too heavy to wait on a phone. */
export const MAX_PHOTOS = 8;

export interface FieldRecordFormProps {
  page: FieldPage;
  meta: ScreenMeta;
  /** The signed-in person: the record's columns that default to them (the inspector). */
  inspector: number;
  onSave: (entry: OutboxEntry) => Promise<void>;
}

interface Photo extends OutboxFile {
  preview: string;
}

export function FieldRecordForm({ page, meta: sent, inspector, onSave }: FieldRecordFormProps) {
  const { t } = useTranslation();
  const meta = useTranslatedMeta(sent);
  // What the route records and asks, the checks, and the checklist, as its metadata says.
  const record = useMemo(() => fieldRecordOf(meta), [meta]);
  const choices = useMemo(() => fieldChoices(meta), [meta]);
  const schema = useMemo(() => fieldSchema(record, choices), [record, choices]);
  const checklist = useMemo(() => checklistRegister(meta), [meta]);
  const [followed, setFollowed] = useState<FollowedValues>({});
  const setup = useFieldSetup(meta, record.inputs, record.inputs, null, followed);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyValues(setup.blank),
  });
  const { errors } = form.formState;
  const { reset, setValue } = form;
  useEffect(() => {
    // The defaults that need the user (their one package) arrive later: kept under what was typed meanwhile.
    reset(emptyValues(setup.blank), { keepDirtyValues: true });
  }, [setup.blank, reset]);

  // The look-ups that follow another field (an RFI of the chosen package) offer what agrees with it, and a new
  // choice there clears them.
  const followNames = useMemo(() => followedColumns(record.inputs), [record.inputs]);
  const lastFollowed = useRef<FollowedValues>({});
  const fields = useWatch({ control: form.control, name: 'fields' });
  useEffect(() => {
    const next = followedOf(fields, followNames, lastFollowed.current);
    if (next === lastFollowed.current) return;
    const before = lastFollowed.current;
    lastFollowed.current = next;
    setFollowed(next);
    for (const name of followNames) {
      if (before[name] === undefined || before[name] === next[name]) continue;
      for (const input of record.inputs) {
        const follows = Object.values(input.lookup?.same ?? {}).some((ours) => ours.split('.')[0] === name);
        if (follows) setValue(`fields.${input.name}`, '');
      }
    }
  }, [fields, followNames, record.inputs, setValue]);

  const chosen = checklist ? (fields[checklist.prefill.from] ?? '') : '';
  const latitude = record.position ? (fields[record.position.latitude] ?? '') : '';
  const longitude = record.position ? (fields[record.position.longitude] ?? '') : '';
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
        if (!record.position) return;
        form.setValue(`fields.${record.position.latitude}`, String(roundedDegrees(found.coords.latitude)));
        form.setValue(`fields.${record.position.longitude}`, String(roundedDegrees(found.coords.longitude)));
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

  const save = form.handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    const files: OutboxFile[] = photos.map(({ name, type, blob }) => ({ name, type, blob }));
    if (signature) files.push({ name: 'signature.png', type: 'image/png', blob: signature });
    await onSave({
      key: newSendKey(),
      route: page.route,
      entry: meta.entry,
      summary: summaryOf(record, values),
      record: toRecord(record, values, inspector),
      lines: toChecklistLines(values, checklist, choices),
      files,
      savedAt: new Date().toISOString(),
      recordKey: null,
      refused: null,
    });
    reset(emptyValues(setup.blank));
    setPhotos([]);
    setSignature(null);
    setSignatureKey((key) => key + 1);
    setPosition(null);
  });

  // The checklist goes right after the field that chooses it (the ITP).
  const splitAt = checklist
    ? record.inputs.findIndex((input) => input.name === checklist.prefill.from) + 1
    : record.inputs.length;
  const before = splitAt > 0 ? record.inputs.slice(0, splitAt) : record.inputs;
  const after = splitAt > 0 ? record.inputs.slice(splitAt) : [];
  const grid = {
    control: form.control,
    prefix: 'fields.',
    choices: setup.choices,
    lookups: setup.lookups,
    busy: form.formState.isSubmitting,
    large: true,
  } as const;

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <FieldGrid {...grid} columns={before} />
        {checklist ? (
          <PrefilledLines
            control={form.control}
            setValue={form.setValue}
            prefill={checklist.prefill}
            title={checklist.title}
            chosen={chosen}
            errors={errors.checks}
            choices={choices}
          />
        ) : null}
        <FieldGrid {...grid} columns={after} />
        {meta.attachments ? (
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
        ) : null}
        {record.position ? (
          <Input.Wrapper label={t('Position')}>
            <Group mt={4} gap="sm" wrap="wrap">
              <Button
                size="lg"
                variant="light"
                leftSection={<IconMapPin />}
                loading={locating}
                onClick={locate}
              >
                {latitude === '' ? t('Record my position') : t('Record it again')}
              </Button>
              {latitude !== '' && longitude !== '' ? (
                <Text data-testid="position">
                  {Number(latitude).toFixed(6)}, {Number(longitude).toFixed(6)}
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
        ) : null}
        {meta.attachments ? (
          <SignatureField signed={signature !== null} onChange={setSignature} resetKey={signatureKey} />
        ) : null}
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
