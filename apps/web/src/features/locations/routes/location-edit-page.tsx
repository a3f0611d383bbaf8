import { Card, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DangerZoneCard } from '../../../components/danger-zone-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useDeleteLocation } from '../api/delete-location';
import { useUpdateLocation } from '../api/update-location';
import { LocationForm, locationFormValues } from '../components/location-form';
import { useRouteLocation } from '../use-route-location';

/** /locations/{locationId}/edit: the facility's fields and picture, and deleting it. */
export function LocationEditPage() {
  const { t } = useTranslation();
  const { location } = useRouteLocation();
  const updateLocation = useUpdateLocation();
  const deleteLocation = useDeleteLocation();
  const navigate = useNavigate();
  if (!location.data) return null;
  const loaded = location.data;

  return (
    <Stack gap="lg" maw={760}>
      <Card padding="lg">
        <Title order={3} fz="md" mb="md">
          {t('locations.edit.details')}
        </Title>
        <LocationForm
          key={loaded.id}
          initial={locationFormValues(loaded)}
          submitLabel={t('locations.edit.submit')}
          submitting={updateLocation.isPending}
          onSubmit={(input, showErrors) =>
            void updateLocation.mutateAsync({ id: loaded.id, ...input, imageId: input.imageId ?? null }).then(
              () => notifySuccess(t('locations.edit.success')),
              (error: Error) => {
                if (!showErrors(error)) notifyError(apiErrorMessage(error, t));
              },
            )
          }
        />
      </Card>
      <DangerZoneCard
        texts="locations.delete"
        name={loaded.name}
        mutation={deleteLocation}
        variables={loaded.id}
        onDeleted={() => void navigate({ to: '/locations' })}
      />
    </Stack>
  );
}
