/**
 * The header's voice-command button (docs/console.md §2, §4, §8): pressing it starts listening (red while it
 * listens) and pressing again stops; its popover says voice is on, or that it failed; the help lists the phrases. In
 * a browser without speech recognition it is disabled and says why. State lives in `useVoiceCommands`.
 */
import { ActionIcon, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef } from 'react';

import { useTranslation } from '../../lib/i18n';

import { useVoiceCommands } from './use-voice-commands';
import type { VoiceState } from './voice-machine';
import { VOICE_FAILED } from './voice-phrases';
import { VOICE_READY, VOICE_UNSUPPORTED } from './voice-texts';

// The help (every phrase) is loaded when it is first asked for.
const VoiceHelp = lazy(async () => ({ default: (await import('./voice-help')).VoiceHelp }));

export interface VoiceButtonProps {
  /** "hide navigation" (false) and "show navigation" (true). */
  onShowNavigation: (show: boolean) => void;
  /** The button was pressed before this code had loaded (`VoiceButtonLoader`): start listening at once. */
  pressedBeforeLoad?: boolean;
}

/** The button's tooltip by state (shown through t()). */
const TOOLTIPS: Record<VoiceState, string> = {
  on: VOICE_READY,
  started: 'Voice command is listening: press to stop',
  error: VOICE_FAILED,
  off: 'Voice command is off: press to turn it on',
  aborted: VOICE_READY,
};

export function VoiceButton({ onShowNavigation, pressedBeforeLoad = false }: VoiceButtonProps) {
  const { t } = useTranslation();
  const voice = useVoiceCommands({ onShowNavigation });
  // The press that loaded this code counts once (an effect may run twice in development).
  const pressed = useRef(false);
  const { press } = voice;
  useEffect(() => {
    if (!pressedBeforeLoad || pressed.current) return;
    pressed.current = true;
    press();
  }, [pressedBeforeLoad, press]);

  if (!voice.supported) {
    // data-disabled rather than disabled: a disabled button gets no hover, and the tooltip must say why.
    return (
      <Tooltip label={t(VOICE_UNSUPPORTED)}>
        <ActionIcon
          variant="subtle"
          aria-label={t('Voice command')}
          aria-disabled
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          <IconMicrophoneOff size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }

  const listening = voice.state === 'started';
  const failed = voice.state === 'error';
  return (
    <>
      <Popover
        opened={voice.popoverOpen}
        onDismiss={voice.closePopover}
        position="bottom-end"
        withArrow
        width={280}
        shadow="md"
      >
        <Tooltip label={t(TOOLTIPS[voice.state])} disabled={voice.popoverOpen}>
          <Popover.Target>
            <ActionIcon
              variant={listening ? 'filled' : failed ? 'light' : 'subtle'}
              color={listening ? 'red' : failed ? 'orange' : undefined}
              aria-label={t('Voice command')}
              aria-pressed={listening}
              data-voice-state={voice.state}
              onClick={voice.press}
            >
              {failed ? <IconMicrophoneOff size={18} /> : <IconMicrophone size={18} />}
            </ActionIcon>
          </Popover.Target>
        </Tooltip>
        <Popover.Dropdown data-testid="voice-popover">
          {failed ? (
            <Text size="sm" c="red">
              {t(VOICE_FAILED)}
            </Text>
          ) : (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('Voice command activated')}
              </Text>
              <Text size="sm">
                {t(
                  'Please speak clearly into the microphone. Say “help” for the phrases, “stop” to turn voice commands off.',
                )}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button size="compact-sm" variant="default" onClick={() => voice.setHelpOpen(true)}>
                  {t('Help')}
                </Button>
                <Button size="compact-sm" onClick={voice.closePopover}>
                  {t('Got it')}
                </Button>
              </Group>
            </Stack>
          )}
        </Popover.Dropdown>
      </Popover>
      {voice.helpOpen ? (
        <Suspense fallback={null}>
          <VoiceHelp opened onClose={() => voice.setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
