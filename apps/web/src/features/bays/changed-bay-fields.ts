import type { Bay, BayStatus, UpdateBayInput } from '@vaskedrift/shared';

/** The bay edit form's values (a cleared number field gives ''). */
export interface BayValues {
  name: string;
  sortOrder: number | string;
  status: BayStatus;
}

/** Only what changed is sent: a status left alone is not "set by hand" (refused while attributes decide it). */
export function changedBayFields(bay: Bay, values: BayValues): UpdateBayInput {
  const input: UpdateBayInput = { id: bay.id };
  if (values.name.trim() !== bay.name) input.name = values.name;
  const sortOrder = values.sortOrder === '' ? bay.sortOrder : Number(values.sortOrder);
  if (sortOrder !== bay.sortOrder) input.sortOrder = sortOrder;
  if (values.status !== bay.status) input.status = values.status;
  return input;
}
