import {
  type CreateMaintenancePlanInput,
  fromZoned,
  type MaintenancePlan,
  type MaintenanceType,
  type PlanRepeat,
  type PlanRepeatKind,
  toZoned,
  type UpdateMaintenancePlanInput,
} from '@vaskedrift/shared';

type AssigneeKind = 'user' | 'custom';

/** 'Planlegg vedlikehold': the times are the picker's wall-clock values, read as Norwegian time. */
export interface PlanFormValues {
  type: MaintenanceType;
  assigneeKind: AssigneeKind;
  assigneeId: string | null;
  customAssignee: { name: string; email: string; phone: string };
  /** The picker's 'YYYY-MM-DD HH:mm:ss' on the Oslo clock, or null. */
  startsAt: string | null;
  endsAt: string | null;
  repeat: { kind: PlanRepeatKind; every: number | string; weekdays: string[] };
  description: string;
  notifyUsers: boolean;
  reminderHours: number | string;
  reminderMinutes: number | string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the picker shows it on the Oslo clock: 'YYYY-MM-DD HH:mm:ss'. */
export function toOsloPicker(iso: string | null): string | null {
  if (!iso) return null;
  const t = toZoned(new Date(iso));
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:00`;
}

/** The picker's value read as a time on the Oslo clock, as an ISO instant; null for none or nonsense. */
export function fromOsloPicker(local: string | null): string | null {
  const match = local && /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return fromZoned({
    year: year as number,
    month: month as number,
    day: day as number,
    hour: hour as number,
    minute: minute as number,
  }).toISOString();
}

const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));

/** The form's repeat as the contract's; numbers left empty stay undefined, so the schema names them. */
function toRepeat(repeat: PlanFormValues['repeat']): PlanRepeat {
  if (repeat.kind === 'days') return { kind: 'days', every: toNumber(repeat.every) as number };
  if (repeat.kind === 'weeks')
    return {
      kind: 'weeks',
      every: toNumber(repeat.every) as number,
      weekdays: repeat.weekdays.map(Number).sort((a, b) => a - b),
    };
  return { kind: 'none' };
}

/** A new plan starts on the next whole hour; its window is an hour; it does not repeat. */
export function planFormValues(plan: MaintenancePlan | null, now: Date = new Date()): PlanFormValues {
  const nextHour = new Date(Math.ceil((now.getTime() + 60_000) / 3_600_000) * 3_600_000);
  const repeat = plan?.repeat ?? { kind: 'none' };
  return {
    type: plan?.type ?? 'service',
    assigneeKind: plan?.customAssignee ? 'custom' : 'user',
    assigneeId: plan?.assignee?.id ?? null,
    customAssignee: plan?.customAssignee ?? { name: '', email: '', phone: '' },
    startsAt: toOsloPicker(plan?.startsAt ?? nextHour.toISOString()),
    endsAt: toOsloPicker(plan ? plan.endsAt : new Date(nextHour.getTime() + 3_600_000).toISOString()),
    repeat: {
      kind: repeat.kind,
      every: repeat.kind === 'none' ? 1 : repeat.every,
      weekdays: repeat.kind === 'weeks' ? repeat.weekdays.map(String) : [],
    },
    description: plan?.description ?? '',
    notifyUsers: plan?.notifyUsers ?? false,
    reminderHours: plan?.reminderHours ?? 1,
    reminderMinutes: plan?.reminderMinutes ?? 0,
  };
}

/** Everything the form holds, as a new plan; also what the form is checked against when editing. */
export function toCreateInput(values: PlanFormValues, bayId: string): CreateMaintenancePlanInput {
  const custom = values.assigneeKind === 'custom';
  return {
    bayId,
    startsAt: fromOsloPicker(values.startsAt) as string,
    endsAt: fromOsloPicker(values.endsAt),
    repeat: toRepeat(values.repeat),
    type: values.type,
    assigneeId: custom ? null : values.assigneeId,
    customAssignee: custom ? values.customAssignee : null,
    description: values.description,
    notifyUsers: values.notifyUsers,
    reminderHours: toNumber(values.reminderHours) as number,
    reminderMinutes: toNumber(values.reminderMinutes) as number,
  };
}

const sameRepeat = (a: PlanRepeat, b: PlanRepeat) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed against the stored plan; the times go together when one of them changed. */
export function toUpdateInput(values: PlanFormValues, plan: MaintenancePlan): UpdateMaintenancePlanInput {
  const next = toCreateInput(values, plan.bayId);
  const input: UpdateMaintenancePlanInput = { id: plan.id };
  const timesChanged =
    next.startsAt !== plan.startsAt ||
    (next.endsAt ?? null) !== plan.endsAt ||
    !sameRepeat(next.repeat, plan.repeat);
  if (timesChanged) {
    input.startsAt = next.startsAt;
    input.endsAt = next.endsAt ?? null;
    input.repeat = next.repeat;
  }
  if (next.type !== plan.type) input.type = next.type;
  if (next.customAssignee) {
    const before = plan.customAssignee;
    const changed =
      !before ||
      (Object.keys(next.customAssignee) as (keyof typeof before)[]).some(
        (field) => next.customAssignee?.[field].trim() !== before[field],
      );
    if (changed) input.customAssignee = next.customAssignee;
  } else if (next.assigneeId !== (plan.assignee?.id ?? null)) {
    input.assigneeId = next.assigneeId;
  }
  if (next.description.trim() !== plan.description) input.description = next.description;
  if (next.notifyUsers !== plan.notifyUsers) input.notifyUsers = next.notifyUsers;
  if (next.reminderHours !== plan.reminderHours || next.reminderMinutes !== plan.reminderMinutes) {
    input.reminderHours = next.reminderHours;
    input.reminderMinutes = next.reminderMinutes;
  }
  return input;
}
