/**
 * /misc/pricing-tables: three bids for package C1-V01 side by side, as a comparison of offers: the lowest marked L1,
 * each with its amount in Indian grouping, its distance from L1 and from the estimate, its period and what it
 * offers. Sample bids.
 */
import { Badge, Card, Divider, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

import { useTranslation } from '../../lib/i18n';
import { C1_V01_BIDS, ESTIMATE, rankBids } from './bids';
import { FlagMark } from './flag-mark';
import { inRupees } from './money-text';
import { RichText } from './rich-text';

export function PricingPage() {
  const { t } = useTranslation();
  const bids = rankBids(C1_V01_BIDS);
  return (
    <Stack gap="md">
      <Text size="sm">
        <RichText
          text={t('Engineer’s estimate: {{amount}}')}
          parts={{ amount: <b>{inRupees(ESTIMATE)}</b> }}
        />
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {bids.map((bid) => {
          const lowest = bid.rank === 'L1';
          return (
            <Card
              key={bid.bidder}
              withBorder
              padding="lg"
              data-testid="bid-card"
              style={lowest ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="start">
                  <Badge color={lowest ? 'teal' : 'gray'} size="lg">
                    {bid.rank}
                  </Badge>
                  <FlagMark country={bid.country} name={bid.countryName} />
                </Group>
                <Title order={3} size="h4">
                  {bid.bidder}
                </Title>
                <Text fw={700} fz={22} lh={1.2}>
                  {inRupees(bid.quoted)}
                </Text>
                <Text size="sm" c="dimmed">
                  {lowest ? t('The lowest bid') : t('{{percent}} % above L1', { percent: bid.aboveLowest })} ·{' '}
                  {bid.againstEstimate < 0
                    ? t('{{percent}} % below the estimate', { percent: -bid.againstEstimate })
                    : t('{{percent}} % above the estimate', { percent: bid.againstEstimate })}
                </Text>
                <Divider />
                <Text size="sm">{t('Completion in {{months}} months', { months: bid.months })}</Text>
                <List
                  size="sm"
                  spacing={4}
                  icon={<IconCheck size={14} color="var(--mantine-color-teal-6)" />}
                >
                  {bid.points.map((point) => (
                    <List.Item key={point}>{t(point)}</List.Item>
                  ))}
                </List>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
