/** docs/console.md §4 and §9: below 979 px the console is in mobile view and the menu is minified. */
import { useMediaQuery } from '@mantine/hooks';

export const MOBILE_BREAKPOINT_PX = 979;
/** Also written out in the CSS that follows mobile view (data-grid.module.css). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Whether the window is in mobile view; read at once, so a phone never first draws the desktop layout. */
export function useMobileView(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
}
