import { modals } from '@mantine/modals';
import type { UseMutationResult } from '@tanstack/react-query';
import { createElement } from 'react';
import { i18n } from '../lib/i18n';
import { whenModalsReady } from '../lib/modals-ready';
import { notifyError, notifySuccess } from '../lib/notify';
import { apiErrorMessage } from '../lib/use-api-error-message';
import type nb from '../locales/nb.json';

interface Question {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * Asks before anything destructive; `onConfirm` runs only when the user confirms. The question shows once the
 * modals' provider is there (it loads after the first page, decision 040): at once after that.
 */
export function confirmAction({
  title,
  message,
  confirmLabel,
  onConfirm,
  danger = true,
}: Question & { onConfirm: () => void; danger?: boolean }): void {
  void whenModalsReady().then(() =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: createElement('p', { style: { margin: 0 } }, message),
      labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm,
    }),
  );
}

/**
 * Asks, then runs `mutation` with `variables`: `success` as a green toast when it is done (then `onDone`),
 * the server's refusal as a red toast (after `onError`, for a page that also shows it in place).
 * `mutateAsync`, not `mutate` with callbacks: those are dropped when the component that holds the mutation
 * unmounts first, which a deleted row does as soon as its list is refetched, and the toast would be lost.
 */
export function confirmMutation<TData, TVariables>({
  mutation,
  variables,
  success,
  onDone,
  onError,
  ...question
}: Question & {
  mutation: Pick<UseMutationResult<TData, Error, TVariables>, 'mutateAsync'>;
  variables: TVariables;
  success: string;
  onDone?: (data: TData) => void;
  onError?: (error: Error) => void;
}): void {
  confirmAction({
    ...question,
    onConfirm: () => {
      void mutation.mutateAsync(variables).then(
        (data) => {
          notifySuccess(success);
          onDone?.(data);
        },
        (error: Error) => {
          onError?.(error);
          notifyError(apiErrorMessage(error, i18n.t));
        },
      );
    },
  });
}

type Texts = typeof nb;
type ConfirmDeleteTexts = Record<'title' | 'confirm' | 'confirmButton' | 'success', string>;

/** Every feature whose `<feature>.delete` texts can ask before deleting (see the README's key rule). */
export type ConfirmDeleteKey = {
  [F in keyof Texts]: Texts[F] extends { delete: ConfirmDeleteTexts } ? `${F}.delete` : never;
}[keyof Texts];

/** `confirmMutation` with the feature's `delete` texts, `name` filling their `{{name}}`. */
export function confirmDelete<TData, TVariables>({
  texts,
  name,
  ...rest
}: { texts: ConfirmDeleteKey; name: string } & Omit<
  Parameters<typeof confirmMutation<TData, TVariables>>[0],
  keyof Question | 'success'
>): void {
  confirmMutation({
    ...rest,
    title: i18n.t(`${texts}.title`),
    message: i18n.t(`${texts}.confirm`, { name }),
    confirmLabel: i18n.t(`${texts}.confirmButton`),
    success: i18n.t(`${texts}.success`, { name }),
  });
}
