/** A country's flag as emoji where the browser draws them in colour, otherwise its two-letter code in a small badge. */
import { Badge, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { flagEmoji } from './flag-emoji';
import { useFlagSupport } from './use-flag-support';

/** `name` is the country's name in English: the mark says it in the user's language. */
export function FlagMark({ country, name }: { country: string; name: string }) {
  const { t } = useTranslation();
  const supported = useFlagSupport();
  const flag = flagEmoji(country);
  if (supported && flag) {
    return (
      <Text
        component="span"
        fz={24}
        lh={1}
        role="img"
        aria-label={t('Flag of {{country}}', { country: t(name) })}
      >
        {flag}
      </Text>
    );
  }
  return (
    <Badge
      variant="outline"
      color="gray"
      radius="sm"
      aria-label={t('Flag of {{country}}', { country: t(name) })}
      title={t(name)}
    >
      {country.toUpperCase()}
    </Badge>
  );
}
