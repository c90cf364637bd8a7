/**
 * The layout options of docs/console.md §3 (kept in local storage) and the toggle rules of docs/console.md §4, as a pure function so the
 * panel and the tests share one definition.
 */

export const SKINS = [
  'smart-style-0',
  'smart-style-1',
  'smart-style-2',
  'smart-style-3',
  'smart-style-4',
  'smart-style-5',
  'smart-style-6',
] as const;

export type Skin = (typeof SKINS)[number];

/** How a skin looks: its name for people and the colours of the header and the left panel. */
export interface SkinLook {
  name: string;
  header: string;
  headerText: string;
  navigation: string;
}

/** The seven skins (docs/console.md §9), named by what they look like; the swatches show `header`. */
export const SKIN_LOOKS: Record<Skin, SkinLook> = {
  'smart-style-0': { name: 'Classic white', header: '#ffffff', headerText: '#000000', navigation: '#ffffff' },
  'smart-style-1': { name: 'Navy', header: '#1f4e79', headerText: '#ffffff', navigation: '#eef3f8' },
  'smart-style-2': { name: 'Slate', header: '#2f3e46', headerText: '#ffffff', navigation: '#f1f3f5' },
  'smart-style-3': { name: 'Maroon', header: '#7a1f3d', headerText: '#ffffff', navigation: '#faf0f3' },
  'smart-style-4': { name: 'Forest', header: '#1b5e20', headerText: '#ffffff', navigation: '#eef6ee' },
  'smart-style-5': { name: 'Light grey', header: '#f2f2f2', headerText: '#212529', navigation: '#fafafa' },
  'smart-style-6': { name: 'Charcoal', header: '#343a40', headerText: '#f8f9fa', navigation: '#e9ecef' },
};

/** The configured default skin (docs/console.md §9); a change of it resets users' stored choice. */
export const DEFAULT_SKIN: Skin = 'smart-style-0';

export interface LayoutSettings {
  skin: Skin;
  fixedHeader: boolean;
  fixedNavigation: boolean;
  fixedRibbon: boolean;
  fixedFooter: boolean;
  insideContainer: boolean;
  rtl: boolean;
  menuOnTop: boolean;
  colorblindFriendly: boolean;
}

export type LayoutToggle = Exclude<keyof LayoutSettings, 'skin'>;

export const DEFAULT_LAYOUT: LayoutSettings = {
  skin: DEFAULT_SKIN,
  fixedHeader: false,
  fixedNavigation: false,
  fixedRibbon: false,
  fixedFooter: false,
  insideContainer: false,
  rtl: false,
  menuOnTop: false,
  colorblindFriendly: false,
};

/** Sets one toggle and applies docs/console.md §4's consequences. */
export function applyToggle(settings: LayoutSettings, toggle: LayoutToggle, on: boolean): LayoutSettings {
  const next = { ...settings, [toggle]: on };
  switch (toggle) {
    case 'fixedHeader':
      if (!on) Object.assign(next, { fixedRibbon: false, fixedNavigation: false });
      break;
    case 'fixedNavigation':
      if (on) Object.assign(next, { fixedHeader: true, insideContainer: false });
      else next.fixedRibbon = false;
      break;
    case 'fixedRibbon':
      if (on) Object.assign(next, { fixedHeader: true, fixedNavigation: true, insideContainer: false });
      break;
    case 'insideContainer':
      if (on) Object.assign(next, { fixedRibbon: false, fixedNavigation: false });
      break;
    default:
      break;
  }
  return next;
}

/** Stored settings, reset to the defaults when they were saved under another default skin (or are unreadable). */
export function restoreLayout(stored: string | null, defaultSkin: Skin = DEFAULT_SKIN): LayoutSettings {
  if (!stored) return { ...DEFAULT_LAYOUT, skin: defaultSkin };
  try {
    const parsed = JSON.parse(stored) as Partial<LayoutSettings> & { defaultSkin?: string };
    if (parsed.defaultSkin !== defaultSkin) return { ...DEFAULT_LAYOUT, skin: defaultSkin };
    const skin = SKINS.includes(parsed.skin as Skin) ? (parsed.skin as Skin) : defaultSkin;
    const merged: LayoutSettings = { ...DEFAULT_LAYOUT, skin };
    for (const key of Object.keys(DEFAULT_LAYOUT) as (keyof LayoutSettings)[]) {
      if (key !== 'skin' && typeof parsed[key] === 'boolean') merged[key] = parsed[key];
    }
    return merged;
  } catch {
    return { ...DEFAULT_LAYOUT, skin: defaultSkin };
  }
}

/** What `restoreLayout` reads back: the settings and the default skin they were saved under. */
export function storeLayout(settings: LayoutSettings, defaultSkin: Skin = DEFAULT_SKIN): string {
  return JSON.stringify({ ...settings, defaultSkin });
}
