/**
 * /misc/ck-editor: a letter of the correspondence register composed as plain text (what the console keeps), with its
 * preview as the reader will see it: letterhead, reference, date in the console's format, paragraphs, signature.
 */
import {
  Divider,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  TypographyStylesProvider,
} from '@mantine/core';
import { useState } from 'react';

import { useMe } from '../../api/auth';
import { formatDocumentDate, todayInIndia } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

/** The sample addressees and letter, in English: shown (and the letter started) in the user's language. */
const ADDRESSEES = [
  'The Project Manager, Coastal Constructions Ltd (C1-V01)',
  'The Project Director, Deccan Infra – Tokai Rail JV (C1-UG01)',
  'The Team Leader, General Consultant',
];

/** The letterhead's organisation (a name: the same in every language). */
const EMPLOYER = 'Metro Rail Corporation';

const SUBJECT = 'Repair of pier cap P12: method statement and inspection';

const BODY = `This is with reference to NCR C1-V01-NCR-0007 on the honeycombing found on the east face of pier cap P12.

You are requested to submit the repair method statement within seven days and to raise a request for inspection before the repair starts.

The repair will be witnessed by the engineer; the cost of rectification is to your account.`;

/** Paragraphs of a plain-text letter: separated by blank lines, single line breaks kept. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function LetterPage() {
  const { t } = useTranslation();
  const me = useMe().data?.user;
  const [to, setTo] = useState<string | null>(ADDRESSEES[0] ?? null);
  const [reference, setReference] = useState('MRC/C1-V01/CIV/2026/0412');
  const [subject, setSubject] = useState(() => t(SUBJECT));
  const [body, setBody] = useState(() => t(BODY));
  return (
    <CardGrid>
      <DemoCard title={t('Compose')} note={t('Plain text: a blank line starts a new paragraph.')}>
        <Stack gap="sm">
          <Select
            label={t('To')}
            data={ADDRESSEES.map((addressee) => ({ value: addressee, label: t(addressee) }))}
            value={to}
            onChange={setTo}
            allowDeselect={false}
          />
          <TextInput
            label={t('Reference')}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
          />
          <TextInput
            label={t('Subject')}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
          />
          <Textarea
            label={t('Letter')}
            autosize
            minRows={8}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
          />
        </Stack>
      </DemoCard>
      <DemoCard title={t('Preview')} note={t('As the correspondence register prints it.')}>
        <Paper withBorder p="lg" data-testid="letter-preview">
          <TypographyStylesProvider>
            <Stack gap="xs">
              <Title order={4}>{EMPLOYER}</Title>
              <Text size="sm" c="dimmed">
                {t('Blue Line Metro Rail Project')}
              </Text>
              <Divider />
              <Text size="sm">
                {t('Ref.: {{reference}}', { reference })}
                <br />
                {t('Date: {{date}}', { date: formatDocumentDate(todayInIndia()) })}
              </Text>
              <Text size="sm">{t('To: {{to}}', { to: to === null ? '' : t(to) })}</Text>
              <Text size="sm" fw={700}>
                {t('Subject: {{subject}}', { subject })}
              </Text>
              {paragraphs(body).map((paragraph, index) => (
                <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {paragraph}
                </Text>
              ))}
              <Text size="sm" mt="md">
                {t('Yours faithfully,')}
                <br />
                {me?.name ?? ''}
                <br />
                {me?.designation ?? ''}
              </Text>
            </Stack>
          </TypographyStylesProvider>
        </Paper>
      </DemoCard>
    </CardGrid>
  );
}
