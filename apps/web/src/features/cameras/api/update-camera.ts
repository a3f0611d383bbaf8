import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camera, cameraSchema, dataResponse, type UpdateCameraInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { locationCamerasQueryKey } from './get-cameras';

const cameraResponseSchema = dataResponse(cameraSchema);

/** `PATCH backend/locations/cameras/update` (admins). */
async function updateCamera(input: UpdateCameraInput): Promise<Camera> {
  return cameraResponseSchema.parse(
    await apiRequest<unknown>('PATCH', 'backend/locations/cameras/update', input),
  ).data;
}

export function useUpdateCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCamera,
    onSuccess: (camera) =>
      queryClient.invalidateQueries({ queryKey: locationCamerasQueryKey(camera.locationId) }),
  });
}
