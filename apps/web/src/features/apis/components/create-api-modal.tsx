import { Modal } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { CreateApiInput } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateApi } from '../api/create-api';
import { ApiForm } from './api-form';

/** 'Ny API-tilkobling': the whole form (with 'Test tilkobling'); saved, it opens the new API's page. */
export function CreateApiModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createApi = useCreateApi();
  const close = () => {
    createApi.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('apis.create.title')} size="xl" centered={false}>
      <ApiForm
        withCards={false}
        submitLabel={t('apis.create.submit')}
        submitting={createApi.isPending}
        onCancel={close}
        onSubmit={(draft, setErrors) => {
          // The form has checked what the create schema requires (name, URL, interval).
          void createApi.mutateAsync(draft as CreateApiInput).then(
            (api) => {
              notifySuccess(t('apis.create.success', { name: api.name }));
              close();
              void navigate({ to: '/integrations/apis/$apiId', params: { apiId: api.id } });
            },
            (error: Error) => {
              if (!setErrors(error)) notifyError(apiErrorMessage(error, t));
            },
          );
        }}
      />
    </Modal>
  );
}
