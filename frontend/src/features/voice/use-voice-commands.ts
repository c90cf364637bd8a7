/**
 * Voice commands (docs/console.md §4, §8, §9), headless. The browser's recognition is made on the first press of the
 * voice button (voice is on by default but never starts by itself): en-US, continuous, five alternatives, final
 * results only. Its events drive the voice machine, and what a phrase asks for is done here: a page, back, scrolling,
 * the menu, the sound (kept in local storage), the help list, the notices. The view (voice-button) only draws it.
 */
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { beep, errorCode, heardResults, recognitionClass } from './browser-voice';
import { createVoiceMachine, type VoiceMachine, type VoiceState } from './voice-machine';
import { MAX_ALTERNATIVES, type VoiceAction, VOICE_LANGUAGE } from './voice-phrases';

/** Local storage: whether the voice sounds are on ("mute" and "sound on"). */
export const VOICE_SOUND_KEY = 'voice-sound';

export interface VoiceCommandsOptions {
  /** "hide navigation" (false) and "show navigation" (true): the shell's menu. */
  onShowNavigation: (show: boolean) => void;
}

export interface VoiceCommands {
  /** False in a browser without speech recognition: the button is disabled. */
  supported: boolean;
  state: VoiceState;
  /** The voice button's popover: "activated" while listening, the failure after an error. */
  popoverOpen: boolean;
  closePopover: () => void;
  helpOpen: boolean;
  setHelpOpen: (open: boolean) => void;
  /** The voice button: starts listening, or aborts it while listening. */
  press: () => void;
}

export function useVoiceCommands({ onShowNavigation }: VoiceCommandsOptions): VoiceCommands {
  const navigate = useNavigate();
  const [supported] = useState(() => recognitionClass(window) !== null);
  const [state, setState] = useState<VoiceState>('on');
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [sound, setSound] = useLocalStorage<boolean>({
    key: VOICE_SOUND_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const machine = useRef<VoiceMachine | null>(null);

  // The machine outlives renders: it reaches the latest navigate and menu callback through this.
  const perform = useRef<(action: VoiceAction) => void>(() => undefined);
  useEffect(() => {
    perform.current = (action) => {
      setPopoverOpen(false);
      switch (action.kind) {
        case 'navigate':
          return navigate(action.to);
        case 'back':
          return navigate(-1);
        case 'scroll':
          return window.scrollTo({
            top: action.to === 'top' ? 0 : document.documentElement.scrollHeight,
            behavior: 'smooth',
          });
        case 'navigation':
          return onShowNavigation(action.show);
        case 'sound':
          return setSound(action.on);
        case 'help':
          return setHelpOpen(action.open);
        case 'stop':
          return;
      }
    };
  }, [navigate, onShowNavigation, setSound]);

  useEffect(
    () => () => {
      machine.current?.dispose();
      machine.current = null;
    },
    [],
  );

  const press = useCallback(() => {
    const Recognition = recognitionClass(window);
    if (!Recognition) return;
    if (!machine.current) {
      const recognition = new Recognition();
      recognition.lang = VOICE_LANGUAGE;
      recognition.continuous = true;
      recognition.interimResults = false;
      recognition.maxAlternatives = MAX_ALTERNATIVES;
      const voice = createVoiceMachine({
        recognizer: recognition,
        clock: {
          now: () => Date.now(),
          after: (ms, run) => {
            const timer = window.setTimeout(run, ms);
            return () => window.clearTimeout(timer);
          },
        },
        outputs: {
          state: (next) => {
            setState(next);
            setPopoverOpen(next === 'started' || next === 'error');
          },
          action: (action) => perform.current(action),
          notice: (notice) => notifications.show({ ...notice }),
          beep,
        },
        sound,
      });
      recognition.addEventListener('end', () => voice.send({ type: 'end' }));
      recognition.addEventListener('error', (event) =>
        voice.send({ type: 'error', error: errorCode(event) }),
      );
      recognition.addEventListener('result', (event) => {
        for (const alternatives of heardResults(event)) voice.send({ type: 'result', alternatives });
      });
      machine.current = voice;
    }
    const voice = machine.current;
    voice.send(voice.state() === 'started' ? { type: 'abort' } : { type: 'start' });
  }, [sound]);

  return {
    supported,
    state,
    popoverOpen,
    closePopover: useCallback(() => setPopoverOpen(false), []),
    helpOpen,
    setHelpOpen,
    press,
  };
}
