import { schemaResolver } from '@mantine/form';
import {
  createRecipientSchema,
  NOTIFICATION_MESSAGES,
  type NotificationTag,
  type Recipient,
  type RecipientKind,
  updateRecipientSchema,
} from '@vaskedrift/shared';

type RecipientScope = 'all' | 'selected';

/** The form's values; `recipient` is nested so the server's error paths (`recipient.email`) fit its fields. */
export interface RecipientFormValues {
  recipient: {
    kind: RecipientKind;
    userId: string | null;
    groupId: string | null;
    name: string;
    email: string;
  };
  tags: NotificationTag[];
  reminderHours: number | string;
  reminderMinutes: number | string;
  scope: RecipientScope;
  locationIds: string[];
}

/** Fields a refusal from the server may name. */
export const RECIPIENT_FIELDS = [
  'recipient.userId',
  'recipient.groupId',
  'recipient.name',
  'recipient.email',
  'tags',
  'reminderHours',
  'reminderMinutes',
  'locationIds',
] as const;

export function recipientFormValues(recipient: Recipient | null): RecipientFormValues {
  return {
    recipient: {
      kind: recipient?.kind ?? 'user',
      userId: recipient?.userId ?? null,
      groupId: recipient?.groupId ?? null,
      name: recipient?.kind === 'custom' ? recipient.name : '',
      email: recipient?.kind === 'custom' ? (recipient.email ?? '') : '',
    },
    tags: recipient?.tags ?? ['critical'],
    reminderHours: recipient?.reminderHours ?? 0,
    reminderMinutes: recipient?.reminderMinutes ?? 0,
    scope: recipient && !recipient.allLocations ? 'selected' : 'all',
    locationIds: recipient?.locations.map((location) => location.id) ?? [],
  };
}

const wholeNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

function settings(values: RecipientFormValues) {
  const allLocations = values.scope === 'all';
  return {
    tags: values.tags,
    reminderHours: wholeNumber(values.reminderHours),
    reminderMinutes: wholeNumber(values.reminderMinutes),
    allLocations,
    locationIds: allLocations ? [] : values.locationIds,
  };
}

function target({ recipient }: RecipientFormValues) {
  if (recipient.kind === 'user') return { kind: recipient.kind, userId: recipient.userId ?? '' };
  if (recipient.kind === 'group') return { kind: recipient.kind, groupId: recipient.groupId ?? '' };
  return { kind: recipient.kind, name: recipient.name, email: recipient.email };
}

/** The body of `…/create`, before the shared schema checks and normalises it. */
export function toCreateRecipient(values: RecipientFormValues) {
  return { recipient: target(values), ...settings(values) };
}

/** The body of `…/update`: who the recipient is cannot change. */
export function toUpdateRecipient(id: string, values: RecipientFormValues) {
  return { id, ...settings(values) };
}

const checkCreate = schemaResolver(createRecipientSchema, { sync: true });
const checkUpdate = schemaResolver(updateRecipientSchema, { sync: true });

/**
 * The shared schema's messages under the form's fields; no user or group picked reads 'Du må velge en
 * mottaker' rather than the id's format error.
 */
export function validateRecipient(values: RecipientFormValues, editingId: string | null) {
  if (editingId) return checkUpdate(toUpdateRecipient(editingId, values));
  const errors = checkCreate(toCreateRecipient(values));
  for (const field of ['recipient.userId', 'recipient.groupId'] as const) {
    if (errors[field]) errors[field] = NOTIFICATION_MESSAGES.recipientRequired;
  }
  return errors;
}
