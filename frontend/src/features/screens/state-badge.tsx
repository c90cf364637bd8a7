/** A workflow state as people read it: a badge with the state's label in the state's colour. */
import { Badge, type BadgeProps } from '@mantine/core';

import type { StateDef } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { stateColour, stateLabel } from './workflow';

export interface StateBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  /**
   * The state (its label as given: a screen's description is translated where it enters the screens); undefined
   * draws `name` in gray, in the user's language (a state the workflow does not know).
   */
  state: StateDef | undefined;
  name?: string;
}

export function StateBadge({ state, name, ...badge }: StateBadgeProps) {
  const { t } = useTranslation();
  const label = state ? stateLabel(state) : name ? t(name) : '';
  if (!label) return null;
  return (
    <Badge
      variant="light"
      color={stateColour(state)}
      // Long labels ("Open (with engineer)") keep their case and wrap nowhere but at the badge's end.
      tt="none"
      style={{ maxWidth: '100%' }}
      {...badge}
    >
      {label}
    </Badge>
  );
}
