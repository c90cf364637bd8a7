/**
 * Under a gallery form: how many fields need attention after a Save, or, once a Save passed every rule, a note that
 * it was checked and not stored, with the values as the gateway would be sent them.
 */
import { Alert, Code, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';

export interface FormOutcomeProps {
  problems: number;
  submitted: boolean;
  accepted: object | null;
  /** Where such records are really kept (translated). */
  register: string;
}

export function FormOutcome({ problems, submitted, accepted, register }: FormOutcomeProps) {
  const { t } = useTranslation();
  if (problems > 0 && submitted) {
    return (
      <Text size="sm" c="red" role="status" data-testid="form-problems">
        {problems === 1
          ? t('1 field needs attention: see the messages under them.')
          : t('{{problems}} fields need attention: see the messages under them.', { problems })}
      </Text>
    );
  }
  if (!accepted) return null;
  return (
    <Alert color="green" title={t('Every rule passed')} data-testid="form-accepted">
      <Text size="sm" mb="xs">
        {t(
          'Nothing was stored: this is the gallery. The real register is {{register}}. The gateway would be sent:',
          {
            register,
          },
        )}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(accepted, null, 2)}
      </Code>
    </Alert>
  );
}
