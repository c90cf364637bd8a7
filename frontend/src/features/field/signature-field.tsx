/**
 * The inspector's signature, drawn with a finger (signature_pad: smooth strokes on a canvas, touch and mouse). The
 * parent gets a PNG when the pad is signed, and null when it is cleared.
 */
import { Button, Group, Input, Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

import { useTranslation } from '../../lib/i18n';

export interface SignatureFieldProps {
  signed: boolean;
  onChange: (png: Blob | null) => void;
  /** Changes when the form is reset: the pad is cleared. */
  resetKey: number;
}

export function SignatureField({ signed, onChange, resetKey }: SignatureFieldProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // The canvas is drawn at the screen's pixel density, or strokes look blurred on a phone.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const drawn = new SignaturePad(element, { penColor: '#1a1b1e' });
    drawn.addEventListener('endStroke', () => {
      element.toBlob((png) => changed.current(png), 'image/png');
    });
    pad.current = drawn;
    return () => drawn.off();
  }, [resetKey]);

  return (
    <Input.Wrapper label={t('Signature')} description={t('Sign with your finger')}>
      <Paper withBorder radius="md" mt={4} style={{ touchAction: 'none' }}>
        <canvas
          ref={canvas}
          aria-label={t('Signature pad')}
          style={{ width: '100%', height: 160, display: 'block', cursor: 'crosshair' }}
        />
      </Paper>
      <Group justify="flex-end" mt={4}>
        <Button
          variant="subtle"
          size="compact-md"
          disabled={!signed}
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
        >
          {t('Clear the signature')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
