import { modals } from '@mantine/modals';
import type { UseMutationResult } from '@tanstack/react-query';
import { createElement } from 'react';
import { i18n } from '../lib/i18n';
import { notifyError, notifySuccess } from '../lib/notify';
import { apiErrorMessage } from '../lib/use-api-error-message';

interface Question {
  title: string;
  message: string;
  confirmLabel: string;
}

/** Asks before anything destructive; `onConfirm` runs only when the user confirms. */
export function confirmAction({
  title,
  message,
  confirmLabel,
  onConfirm,
  danger = true,
}: Question & { onConfirm: () => void; danger?: boolean }): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: createElement('p', { style: { margin: 0 } }, message),
    labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
  });
}

/**
 * Asks, then runs `mutation` with `variables`: `success` as a green toast when it is done (then `onDone`),
 * the server's refusal as a red toast (after `onError`, for a page that also shows it in place).
 */
export function confirmMutation<TData, TVariables>({
  mutation,
  variables,
  success,
  onDone,
  onError,
  ...question
}: Question & {
  mutation: Pick<UseMutationResult<TData, Error, TVariables>, 'mutate'>;
  variables: TVariables;
  success: string;
  onDone?: (data: TData) => void;
  onError?: (error: Error) => void;
}): void {
  confirmAction({
    ...question,
    onConfirm: () =>
      mutation.mutate(variables, {
        onSuccess: (data) => {
          notifySuccess(success);
          onDone?.(data);
        },
        onError: (error) => {
          onError?.(error);
          notifyError(apiErrorMessage(error, i18n.t));
        },
      }),
  });
}
