import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { MaintenanceJob } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';

/** The assignee's name: a user of Vaskedrift, or the custom person (with e-mail and phone `withContact`). */
export function AssigneeName({ job, withContact = false }: { job: MaintenanceJob; withContact?: boolean }) {
  const { t } = useTranslation();
  if (job.customAssignee) {
    const person = job.customAssignee;
    if (!withContact) return <>{person.name}</>;
    return (
      <Stack gap={0}>
        <Text size="sm">{person.name}</Text>
        <Anchor size="sm" href={`mailto:${person.email}`} style={{ overflowWrap: 'anywhere' }}>
          {person.email}
        </Anchor>
        <Anchor size="sm" href={`tel:${person.phone.replace(/\s/g, '')}`}>
          {person.phone}
        </Anchor>
      </Stack>
    );
  }
  return <>{job.assignee?.name ?? t('maintenance.details.unknownPerson')}</>;
}

/** 'Forsinket': running past its expected end. */
export function OverdueBadge({ job }: { job: MaintenanceJob }) {
  const { t } = useTranslation();
  if (!job.overdue) return null;
  return (
    <Badge color="red" variant="filled" size="sm" data-overdue="true">
      {t('maintenance.running.overdue')}
    </Badge>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The running job of a bay: type, overdue, assignee, started (relative and exact), expected end, who. */
export function MaintenanceJobDetails({ job }: { job: MaintenanceJob }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-maintenance-id={job.id}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color="blue" variant="light">
            {t(`maintenance.types.${job.type}`)}
          </Badge>
          <OverdueBadge job={job} />
        </Group>
        <Row label={t('maintenance.fields.assignee')}>
          <AssigneeName job={job} withContact />
        </Row>
        <Row label={t('maintenance.fields.startedAt')}>
          {t('maintenance.details.startedAt', {
            ago: formatRelativeTime(job.startedAt, i18n.language) ?? '',
            time: formatDateTime(job.startedAt, i18n.language) ?? '',
          })}
        </Row>
        <Row label={t('maintenance.fields.expiresAt')}>
          <Text span size="sm" c={job.overdue ? 'red' : undefined}>
            {formatDateTime(job.expiresAt, i18n.language) ?? t('maintenance.details.noEnd')}
          </Text>
        </Row>
        <Row label={t('maintenance.fields.enabledBy')}>
          {job.enabledBy?.name ?? t('maintenance.details.unknownPerson')}
        </Row>
        <Row label={t('maintenance.fields.description')}>
          {job.description ? (
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {job.description}
            </Text>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('maintenance.details.noDescription')}
            </Text>
          )}
        </Row>
      </Stack>
    </Paper>
  );
}
