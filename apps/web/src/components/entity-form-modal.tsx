import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { apiErrorMessage } from '../lib/use-api-error-message';

/** One way of saving a form: the mutation, its input from the form's values, the toast for what it saved. */
interface SaveStep<Values, Input, Saved> {
  mutation: Pick<UseMutationResult<Saved, Error, Input>, 'mutateAsync' | 'isPending' | 'reset'>;
  input: (values: Values) => Input;
  success: (saved: Saved) => string;
}

/**
 * The submit of a create-or-edit modal: `update` when a record is being edited (else `create`), a green
 * toast and closing on success; the server's refusal under the form's `fields`, or as a red toast when no
 * field fits. `close` empties the form and the mutations' state before `onClose`.
 */
export function useCreateOrUpdateSubmit<Values, Saved, CreateInput, UpdateInput>({
  form,
  fields,
  create,
  update,
  onClose,
}: {
  form: UseFormReturnType<Values>;
  fields: readonly string[];
  create: SaveStep<Values, CreateInput, Saved>;
  /** Null while creating. */
  update: SaveStep<Values, UpdateInput, Saved> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();

  const close = () => {
    form.reset();
    create.mutation.reset();
    update?.mutation.reset();
    onClose();
  };

  // `mutateAsync`, not `mutate` with callbacks: those are dropped when the form unmounts before the answer
  // (a live event re-rendering the panel or list that holds it), and the toast was lost (components/confirm.ts).
  const save = <Input,>(step: SaveStep<Values, Input, Saved>, values: Values) =>
    void step.mutation.mutateAsync(step.input(values)).then(
      (saved) => {
        notifySuccess(step.success(saved));
        close();
      },
      (error: Error) => {
        const errors = apiFieldErrors(error, fields);
        if (errors) form.setErrors(errors);
        else notifyError(apiErrorMessage(error, t));
      },
    );

  return {
    submit: (values: Values) => (update ? save(update, values) : save(create, values)),
    pending: (update ?? create).mutation.isPending,
    close,
  };
}

/**
 * A centred modal holding a form, with 'Avbryt' and the submit button (busy while `pending`) at its foot;
 * `fullScreen` for a long form on a phone.
 */
export function EntityFormModal({
  opened,
  onClose,
  title,
  size,
  fullScreen,
  submitLabel,
  pending,
  onSubmit,
  children,
}: Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'fullScreen'> & {
  submitLabel: string;
  pending: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={fullScreen} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
