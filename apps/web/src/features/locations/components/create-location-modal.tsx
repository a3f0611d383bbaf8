import { Modal } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateLocation } from '../api/create-location';
import { LocationForm, locationFormValues } from './location-form';

/** 'Nytt anlegg': the form in a modal; a created facility opens, so its bays can be added next. */
export function CreateLocationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createLocation = useCreateLocation();

  const close = () => {
    createLocation.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('locations.create.title')} size="lg" centered>
      {opened && (
        <LocationForm
          initial={locationFormValues()}
          submitLabel={t('locations.create.submit')}
          submitting={createLocation.isPending}
          onCancel={close}
          onSubmit={(input, showErrors) =>
            void createLocation.mutateAsync(input).then(
              (location) => {
                notifySuccess(t('locations.create.success', { name: location.name }));
                close();
                void navigate({ to: '/locations/$locationId', params: { locationId: location.id } });
              },
              (error: Error) => {
                if (!showErrors(error)) notifyError(apiErrorMessage(error, t));
              },
            )
          }
        />
      )}
    </Modal>
  );
}
