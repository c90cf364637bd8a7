/**
 * Closing a form with changes (Cancel, Esc, the close button) asks first; a form without changes closes at once.
 * Shared by every form modal, so no screen has its own way of losing typed data.
 */
import { useCallback } from 'react';

import { confirm } from './notices';

export const CONFIRM_DISCARD = 'Discard your changes?';

/** A close handler that asks "Discard your changes?" (No/Yes) when `dirty`, and closes on Yes. */
export function useDiscardGuard(dirty: boolean, close: () => void): () => void {
  return useCallback(() => {
    if (!dirty) return close();
    void confirm(CONFIRM_DISCARD).then((discard) => {
      if (discard) close();
    });
  }, [dirty, close]);
}
