/**
 * The header's voice-command button before voice commands are used: the same button, with its tooltip, while the
 * recognition glue, the state machine and the phrases stay unloaded; the first press loads them (`VoiceButton`) and
 * starts listening. A list's first load does not carry code most people never press. In a browser without speech
 * recognition the button says why, as `VoiceButton` does.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { useTranslation } from '../../lib/i18n';
import { recognitionClass } from './browser-voice';
import type { VoiceButtonProps } from './voice-button';
import { VOICE_READY, VOICE_UNSUPPORTED } from './voice-texts';

const VoiceButton = lazy(async () => ({ default: (await import('./voice-button')).VoiceButton }));

export function VoiceButtonLoader({ onShowNavigation }: Omit<VoiceButtonProps, 'pressedBeforeLoad'>) {
  const { t } = useTranslation();
  const [supported] = useState(() => recognitionClass(window) !== null);
  const [pressed, setPressed] = useState(false);
  const idle = (
    <Tooltip label={t(supported ? VOICE_READY : VOICE_UNSUPPORTED)}>
      <ActionIcon
        variant="subtle"
        aria-label={t('Voice command')}
        data-voice-state="on"
        {...(supported
          ? { 'aria-pressed': false, onClick: () => setPressed(true) }
          : // data-disabled rather than disabled: a disabled button gets no hover, and the tooltip must say why.
            {
              'aria-disabled': true,
              'data-disabled': true,
              onClick: (event: { preventDefault: () => void }) => event.preventDefault(),
            })}
      >
        {supported ? <IconMicrophone size={18} /> : <IconMicrophoneOff size={18} />}
      </ActionIcon>
    </Tooltip>
  );
  if (!pressed) return idle;
  return (
    <Suspense fallback={idle}>
      <VoiceButton onShowNavigation={onShowNavigation} pressedBeforeLoad />
    </Suspense>
  );
}
