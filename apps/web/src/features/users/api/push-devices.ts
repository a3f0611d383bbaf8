import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebPushDevice,
  createWebPushDeviceResponseSchema,
  type WebPushDevice,
  webPushConfigResponseSchema,
  webPushDevicesResponseSchema,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const devicesQueryKey = ['users', 'push', 'devices'] as const;

/** `GET backend/users/push/config`: the server's VAPID public key. */
export async function getPushPublicKey(): Promise<string> {
  return webPushConfigResponseSchema.parse(await apiRequest<unknown>('GET', 'backend/users/push/config')).data
    .publicKey;
}

/** `GET backend/users/push/devices/list`: the signed-in user's own devices. */
async function getPushDevices(): Promise<WebPushDevice[]> {
  return webPushDevicesResponseSchema.parse(
    await apiRequest<unknown>('GET', 'backend/users/push/devices/list'),
  ).data;
}

export function usePushDevices() {
  return useQuery(queryOptions({ queryKey: devicesQueryKey, queryFn: getPushDevices }));
}

/** `POST backend/users/push/devices/create`: this browser's subscription (the same endpoint updates its row). */
async function createPushDevice(input: CreateWebPushDevice): Promise<string> {
  return createWebPushDeviceResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/users/push/devices/create', input),
  ).data.id;
}

/** `DELETE backend/users/push/devices/delete`: one of the user's own devices. */
async function deletePushDevice(id: string): Promise<void> {
  await apiRequest<unknown>('DELETE', 'backend/users/push/devices/delete', { id });
}

export function useCreatePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

export function useDeletePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
