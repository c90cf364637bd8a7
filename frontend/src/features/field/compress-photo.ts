/**
 * Photos are made smaller in the browser before they wait in the outbox or travel over a site's network: at most
 * 1600 px on the long side, JPEG, about half a megabyte (browser-image-compression: canvas-based, EXIF orientation
 * handled; no web worker, as the console runs none).
 */
import imageCompression from 'browser-image-compression';

import type { OutboxFile } from '../../lib/field-outbox';

export const PHOTO_LONG_SIDE = 1600;
export const PHOTO_MAX_MB = 0.5;

export async function compressPhoto(photo: File): Promise<OutboxFile> {
  const smaller = await imageCompression(photo, {
    maxSizeMB: PHOTO_MAX_MB,
    maxWidthOrHeight: PHOTO_LONG_SIDE,
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.8,
  });
  const base = photo.name.replace(/\.[^.]*$/, '') || 'photo';
  return { name: `${base}.jpg`, type: 'image/jpeg', blob: smaller };
}
