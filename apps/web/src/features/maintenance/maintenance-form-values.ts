import type {
  MaintenanceJob,
  MaintenanceType,
  StartMaintenanceInput,
  UpdateMaintenanceInput,
} from '@vaskedrift/shared';
import dayjs from 'dayjs';

type AssigneeKind = 'user' | 'custom';

export interface MaintenanceFormValues {
  type: MaintenanceType;
  assigneeKind: AssigneeKind;
  assigneeId: string | null;
  customAssignee: { name: string; email: string; phone: string };
  /** The picker's local 'YYYY-MM-DD HH:mm:ss', or null for no expected end. */
  expiresAt: string | null;
  description: string;
  notifyUsers: boolean;
  reminderHours: number | string;
  reminderMinutes: number | string;
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const toIso = (local: string | null) => (local ? dayjs(local).toISOString() : null);
const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));
/** The picker has minutes, the server milliseconds: an untouched expected end is not a change. */
const sameMinute = (a: string | null, b: string | null) =>
  (a === null ? null : Math.floor(Date.parse(a) / 60_000)) ===
  (b === null ? null : Math.floor(Date.parse(b) / 60_000));

export function maintenanceFormValues(job: MaintenanceJob | null): MaintenanceFormValues {
  return {
    type: job?.type ?? 'service',
    assigneeKind: job?.customAssignee ? 'custom' : 'user',
    assigneeId: job?.assignee?.id ?? null,
    customAssignee: job?.customAssignee ?? { name: '', email: '', phone: '' },
    expiresAt: job?.expiresAt ? dayjs(job.expiresAt).format(PICKER_FORMAT) : null,
    description: job?.description ?? '',
    notifyUsers: job?.notifyUsers ?? false,
    reminderHours: job?.reminderHours ?? 1,
    reminderMinutes: job?.reminderMinutes ?? 0,
  };
}

/** Everything the form holds, as a start; also what the form is checked against when editing. */
export function toStartInput(values: MaintenanceFormValues, bayId: string): StartMaintenanceInput {
  const custom = values.assigneeKind === 'custom';
  return {
    bayId,
    type: values.type,
    assigneeId: custom ? null : values.assigneeId,
    customAssignee: custom ? values.customAssignee : null,
    expiresAt: toIso(values.expiresAt),
    description: values.description,
    notifyUsers: values.notifyUsers,
    reminderHours: toNumber(values.reminderHours) as number,
    reminderMinutes: toNumber(values.reminderMinutes) as number,
  };
}

/** Only what changed against the running job (docs/domain.md, Maintenance: changing). */
export function toUpdateInput(values: MaintenanceFormValues, job: MaintenanceJob): UpdateMaintenanceInput {
  const next = toStartInput(values, job.bayId);
  const input: UpdateMaintenanceInput = { bayId: job.bayId };
  if (next.type !== job.type) input.type = next.type;
  if (next.customAssignee) {
    const before = job.customAssignee;
    const changed =
      !before ||
      (Object.keys(next.customAssignee) as (keyof typeof before)[]).some(
        (field) => next.customAssignee?.[field].trim() !== before[field],
      );
    if (changed) input.customAssignee = next.customAssignee;
  } else if (next.assigneeId !== (job.assignee?.id ?? null)) {
    input.assigneeId = next.assigneeId;
  }
  const expiresAt = next.expiresAt ?? null;
  if (!sameMinute(expiresAt, job.expiresAt)) input.expiresAt = expiresAt;
  if (next.description.trim() !== job.description) input.description = next.description;
  if (next.notifyUsers !== job.notifyUsers) input.notifyUsers = next.notifyUsers;
  if (next.reminderHours !== job.reminderHours || next.reminderMinutes !== job.reminderMinutes) {
    input.reminderHours = next.reminderHours;
    input.reminderMinutes = next.reminderMinutes;
  }
  return input;
}
