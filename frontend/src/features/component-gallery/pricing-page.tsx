/**
 * /misc/pricing-tables: three bids for package C1-V01 side by side, as a comparison of offers: the lowest marked L1,
 * each with its amount in Indian grouping, its distance from L1 and from the estimate, its period and what it
 * offers. Sample bids.
 */
import { Badge, Card, Divider, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

import { groupIndian } from '../../lib/format';
import { C1_V01_BIDS, ESTIMATE, rankBids } from './bids';
import { FlagMark } from './flag-mark';

export function PricingPage() {
  const bids = rankBids(C1_V01_BIDS);
  return (
    <Stack gap="md">
      <Text size="sm">
        Engineer’s estimate: <b>₹ {groupIndian(ESTIMATE)}</b>
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
                  ₹ {groupIndian(bid.quoted)}
                </Text>
                <Text size="sm" c="dimmed">
                  {lowest ? 'The lowest bid' : `${bid.aboveLowest} % above L1`} ·{' '}
                  {bid.againstEstimate < 0
                    ? `${-bid.againstEstimate} % below the estimate`
                    : `${bid.againstEstimate} % above the estimate`}
                </Text>
                <Divider />
                <Text size="sm">Completion in {bid.months} months</Text>
                <List
                  size="sm"
                  spacing={4}
                  icon={<IconCheck size={14} color="var(--mantine-color-teal-6)" />}
                >
                  {bid.points.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
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
