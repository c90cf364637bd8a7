/**
 * The image editor's arithmetic: quarter turns, the size a turned photo takes, and the size it is shrunk to before
 * it is sent (the field forms' settings: at most 1600 px on the long side, about half a megabyte, JPEG).
 */

/** The field forms' settings (features/field's compressPhoto). */
export const SEND_LONG_SIDE = 1600;
export const SEND_MAX_MB = 0.5;

/** Quarter turns clockwise, 0 to 3. */
export function turn(turns: number, by: 1 | -1): number {
  return (((turns + by) % 4) + 4) % 4;
}

/** The width and height of a photo turned by `turns` quarter turns. */
export function turnedSize(width: number, height: number, turns: number): { width: number; height: number } {
  return turns % 2 === 0 ? { width, height } : { width: height, height: width };
}

/** The size a photo is sent at: its long side at most `longSide`, the proportions kept, never enlarged. */
export function sendSize(
  width: number,
  height: number,
  longSide = SEND_LONG_SIDE,
): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= longSide || long === 0) return { width, height };
  const scale = longSide / long;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The name the edited photo is saved under: the original's, as a JPEG. */
export function editedName(name: string): string {
  return `${name.replace(/\.[^.]*$/, '') || 'photo'}-edited.jpg`;
}
