import type { Actor } from './actor';

type RecipientEvent = Actor & { recipientId: string; kind: 'user' | 'group' | 'custom'; name: string };

/** Who is told what (docs/domain.md, Notifications), published after the change commits. */
export type NotificationEvents = {
  'notification_recipient.created': RecipientEvent & { tags: string[] };
  /** `fields`: the names of the fields changed, never their values. */
  'notification_recipient.updated': RecipientEvent & { fields: string[] };
  'notification_recipient.deleted': RecipientEvent;
};
