/**
 * /views/projects: every project as a card, with its phases, corridors and packages (the package strip's view,
 * `v_package_detail`); a package opens the analytics dashboard narrowed to it for those who hold it.
 */
import { Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { type ProjectNode, projectTree } from './project-tree';
import { useHolds } from './use-holds';
import { usePackageDetails } from './use-package-details';

const ANALYTICS = '/dashboard/analytics';

export function ProjectsPage() {
  const { t } = useTranslation();
  const details = usePackageDetails();
  const linked = useHolds(ANALYTICS);
  if (details.isPending) return <Loader aria-label={t('Loading the projects')} />;
  if (details.isError) {
    return (
      <LoadError
        title={t('The projects could not be loaded')}
        error={details.error}
        retry={() => void details.refetch()}
      />
    );
  }
  const projects = projectTree(details.data);
  if (projects.length === 0) return <Text c="dimmed">{t('No project has packages yet.')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} linked={linked} />
      ))}
    </SimpleGrid>
  );
}

function ProjectCard({ project, linked }: { project: ProjectNode; linked: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="project-card">
      <Group justify="space-between" align="start" wrap="nowrap" gap="xs">
        <Title order={3} size="h4">
          {project.name}
        </Title>
        <Badge variant="light">
          {project.packageCount === 1
            ? t('1 package')
            : t('{{packages}} packages', { packages: project.packageCount })}
        </Badge>
      </Group>
      <Stack gap="sm" mt="sm">
        {project.phases.map((phase) => (
          <Stack key={phase.id} gap={4}>
            <Text fw={600} size="sm">
              {phase.name}
            </Text>
            {phase.corridors.map((corridor) => (
              <Stack
                key={corridor.id}
                gap={4}
                pl="sm"
                style={{ borderLeft: '2px solid var(--mantine-color-blue-3)' }}
              >
                <Text size="sm" c="dimmed">
                  {corridor.name}
                </Text>
                <Group gap={6}>
                  {corridor.packages.map((pkg) =>
                    linked ? (
                      <Anchor key={pkg.id} component={Link} to={`${ANALYTICS}?package=${pkg.id}`} size="sm">
                        {pkg.name}
                      </Anchor>
                    ) : (
                      <Text key={pkg.id} size="sm">
                        {pkg.name}
                      </Text>
                    ),
                  )}
                </Group>
              </Stack>
            ))}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
