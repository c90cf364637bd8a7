/**
 * Under a gallery form: how many fields need attention after a Save, or, once a Save passed every rule, a note that
 * it was checked and not stored, with the values as the gateway would be sent them.
 */
import { Alert, Code, Text } from '@mantine/core';

export interface FormOutcomeProps {
  problems: number;
  submitted: boolean;
  accepted: object | null;
  /** Where such records are really kept. */
  register: string;
}

export function FormOutcome({ problems, submitted, accepted, register }: FormOutcomeProps) {
  if (problems > 0 && submitted) {
    return (
      <Text size="sm" c="red" role="status" data-testid="form-problems">
        {problems === 1 ? '1 field needs attention' : `${problems} fields need attention`}: see the messages
        under them.
      </Text>
    );
  }
  if (!accepted) return null;
  return (
    <Alert color="green" title="Every rule passed" data-testid="form-accepted">
      <Text size="sm" mb="xs">
        Nothing was stored: this is the gallery. The real register is {register}. The gateway would be sent:
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(accepted, null, 2)}
      </Code>
    </Alert>
  );
}
