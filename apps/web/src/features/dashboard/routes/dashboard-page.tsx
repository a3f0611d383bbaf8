import { Grid } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatusCard } from '../components/service-status-card';
import { WelcomeCard } from '../components/welcome-card';

export function DashboardPage() {
  return (
    <>
      <PageHeader />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <WelcomeCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ServiceStatusCard />
        </Grid.Col>
      </Grid>
    </>
  );
}
