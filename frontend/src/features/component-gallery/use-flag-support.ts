/**
 * Whether this browser draws flag emoji in colour. Many do not (Windows shows the two letters, a system without an
 * emoji font shows empty boxes): the flag is drawn once on a small canvas and looked at for a coloured pixel. Asked
 * once per page load.
 */
import { useState } from 'react';

let known: boolean | undefined;

function drawsColourFlags(): boolean {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 32;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return false;
    context.textBaseline = 'top';
    context.font = '24px sans-serif';
    context.fillText('\u{1F1EE}\u{1F1F3}', 0, 0);
    const pixels = context.getImageData(0, 0, 32, 32).data;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]];
      if (a > 0 && (Math.abs(r - g) > 30 || Math.abs(g - b) > 30)) return true;
    }
    return false;
  } catch {
    return false;
  }
}

export function useFlagSupport(): boolean {
  const [supported] = useState(() => (known ??= drawsColourFlags()));
  return supported;
}
