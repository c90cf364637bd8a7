/** A country's flag as emoji where the browser draws them in colour, otherwise its two-letter code in a small badge. */
import { Badge, Text } from '@mantine/core';

import { flagEmoji } from './flag-emoji';
import { useFlagSupport } from './use-flag-support';

export function FlagMark({ country, name }: { country: string; name: string }) {
  const supported = useFlagSupport();
  const flag = flagEmoji(country);
  if (supported && flag) {
    return (
      <Text component="span" fz={24} lh={1} role="img" aria-label={`Flag of ${name}`}>
        {flag}
      </Text>
    );
  }
  return (
    <Badge variant="outline" color="gray" radius="sm" aria-label={`Flag of ${name}`} title={name}>
      {country.toUpperCase()}
    </Badge>
  );
}
