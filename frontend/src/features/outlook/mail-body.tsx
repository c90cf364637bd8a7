/** A mail's text, as written, with its links: those to this console open inside it, others in a new tab. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

import { mailParts } from './mail-text';

export function MailBody({ body }: { body: string }) {
  const parts = mailParts(body, window.location.origin);
  return (
    <Text
      component="div"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid="mail-body"
    >
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : part.internal ? (
          <Anchor key={index} component={Link} to={part.href}>
            {part.text}
          </Anchor>
        ) : (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Anchor>
        ),
      )}
    </Text>
  );
}
