import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camera, type CreateCameraInput, cameraSchema, dataResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { locationCamerasQueryKey } from './get-cameras';

const cameraResponseSchema = dataResponse(cameraSchema);

/** `POST backend/locations/cameras/create` (admins). */
async function createCamera(input: CreateCameraInput): Promise<Camera> {
  return cameraResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/locations/cameras/create', input),
  ).data;
}

export function useCreateCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCamera,
    onSuccess: (camera) =>
      queryClient.invalidateQueries({ queryKey: locationCamerasQueryKey(camera.locationId) }),
  });
}
