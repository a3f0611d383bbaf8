import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-context';
import classes from './welcome-card.module.css';

export function WelcomeCard() {
  const { t } = useTranslation();
  const { user, role } = useAuth();
  const firstName = typeof user?.user_metadata.firstName === 'string' ? user.user_metadata.firstName : '';

  return (
    <Card padding="xl" className={classes.card} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap="xs">
          <Title order={2} fz={22}>
            {t('dashboard.welcome', { name: firstName || user?.email })}
          </Title>
          <Text c="dimmed">{t('dashboard.welcomeText')}</Text>
          {role && (
            <Group gap="xs" mt={4}>
              <Badge variant="light" color="brand" radius="sm">
                {t(`roles.${role}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {user?.email}
              </Text>
            </Group>
          )}
        </Stack>
        <ThemeIcon size={64} radius="xl" variant="light" color="brand" visibleFrom="xs" aria-hidden>
          <IconWash size={34} stroke={1.5} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
