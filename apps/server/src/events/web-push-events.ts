/** How a push notification's action token was answered (docs/decisions, Web Push). */
export type WebPushActionOutcome =
  | 'accepted'
  | 'invalid'
  | 'used'
  | 'expired'
  | 'revoked'
  | 'forbidden'
  | 'no_access'
  | 'resolved';

/** Push devices added and removed, and every use of a notification's action token (accepted or refused). */
export type WebPushEvents = {
  'web_push.device_created': { userId: string; ip: string | null; deviceId: string; label: string };
  'web_push.device_deleted': {
    userId: string;
    ip: string | null;
    deviceId: string;
    label: string;
    /** `user`: the user removed it; `gone`: the push service answered 404/410. */
    reason: 'user' | 'gone';
  };
  /** `userId` null: the token matched nobody. */
  'web_push.action_used': {
    userId: string | null;
    ip: string | null;
    alertId: string | null;
    outcome: WebPushActionOutcome;
  };
};
