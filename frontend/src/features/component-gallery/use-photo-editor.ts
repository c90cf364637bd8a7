/**
 * The image editor, headless: the photo chosen (shown from a local address), quarter turns, and the edited photo:
 * turned on a canvas, then shrunk as the field forms shrink photos before sending (browser-image-compression, no
 * web worker). Everything stays in this browser; local addresses are released when replaced or when the page goes.
 */
import imageCompression from 'browser-image-compression';
import { useEffect, useState } from 'react';

import { translate } from '../../lib/i18n';
import { editedName, SEND_LONG_SIDE, SEND_MAX_MB, turn, turnedSize } from './photo-edits';

export interface Photo {
  file: File;
  url: string;
  width: number;
  height: number;
}

async function photoOf(file: File): Promise<Photo> {
  const bitmap = await createImageBitmap(file);
  const photo = { file, url: URL.createObjectURL(file), width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return photo;
}

/** The photo drawn turned by `turns` quarter turns, as a JPEG. */
async function turned(file: File, turns: number): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const size = turnedSize(bitmap.width, bitmap.height, turns);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(translate('This browser cannot draw the photo'));
  context.translate(size.width / 2, size.height / 2);
  context.rotate((turns * Math.PI) / 2);
  context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new Error(translate('This browser could not make the photo'));
  return new File([blob], editedName(file.name), { type: 'image/jpeg' });
}

export function usePhotoEditor() {
  const [original, setOriginal] = useState<Photo | null>(null);
  const [edited, setEdited] = useState<Photo | null>(null);
  const [turns, setTurns] = useState(0);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    return () => {
      if (original) URL.revokeObjectURL(original.url);
    };
  }, [original]);
  useEffect(() => {
    return () => {
      if (edited) URL.revokeObjectURL(edited.url);
    };
  }, [edited]);

  const choose = async (file: File) => {
    setProblem(null);
    try {
      setOriginal(await photoOf(file));
      setEdited(null);
      setTurns(0);
    } catch {
      setProblem(translate('{{name}} could not be read as a photo', { name: file.name }));
    }
  };

  const apply = async () => {
    if (!original) return;
    setWorking(true);
    setProblem(null);
    try {
      const drawn = await turned(original.file, turns);
      const smaller = await imageCompression(drawn, {
        maxSizeMB: SEND_MAX_MB,
        maxWidthOrHeight: SEND_LONG_SIDE,
        useWebWorker: false,
        fileType: 'image/jpeg',
        initialQuality: 0.8,
      });
      setEdited(await photoOf(new File([smaller], drawn.name, { type: 'image/jpeg' })));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : translate('The photo could not be edited'));
    } finally {
      setWorking(false);
    }
  };

  return {
    original,
    edited,
    turns,
    working,
    problem,
    choose: (file: File) => void choose(file),
    turnLeft: () => setTurns((t) => turn(t, -1)),
    turnRight: () => setTurns((t) => turn(t, 1)),
    apply: () => void apply(),
  };
}
