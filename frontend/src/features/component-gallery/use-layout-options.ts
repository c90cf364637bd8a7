/**
 * The console's layout options as the Settings panel keeps them (local storage, `LAYOUT_KEY`, read and written the
 * way the shell does), for the layout and skins pages: a change here is the shell's change, seen at once, and the
 * last change is said in words.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';

import {
  applyToggle,
  DEFAULT_SKIN,
  type LayoutToggle,
  restoreLayout,
  type Skin,
  storeLayout,
} from '../../lib/layout-settings';
import { LAYOUT_KEY } from '../shell';
import { layoutChanges, TOGGLE_LABELS } from './layout-changes';

export function useLayoutOptions() {
  const [stored, setStored] = useLocalStorage<string | null>({
    key: LAYOUT_KEY,
    defaultValue: null,
    serialize: (value) => value ?? '',
    deserialize: (value) => value ?? null,
    getInitialValueInEffect: false,
  });
  const settings = restoreLayout(stored ?? null, DEFAULT_SKIN);
  const [said, setSaid] = useState<string | null>(null);

  const toggle = (key: LayoutToggle, on: boolean) => {
    const next = applyToggle(settings, key, on);
    setStored(storeLayout(next, DEFAULT_SKIN));
    setSaid(layoutChanges(settings, next, key));
  };
  const chooseSkin = (skin: Skin) => {
    setStored(storeLayout({ ...settings, skin }, DEFAULT_SKIN));
  };

  return { settings, toggle, chooseSkin, said, labels: TOGGLE_LABELS };
}
