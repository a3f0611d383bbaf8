/**
 * Every type the audit log (`logs.type`) may hold, by area, named as the API path of the change: the one
 * list the table's CHECK constraint (apps/server/src/db/schema/logs.ts), the server's subscribers
 * (apps/server/src/modules/logs) and the web's labels (`logTypes.<area>.<key>` in the locale files) take
 * their values from. A new type is one entry here and a migration (`npm run db:generate`), since the
 * constraint lists the values.
 */
export const LOG_TYPES = {
  /** Sign-ins, sign-outs and revoked sessions; `loginAuto` is the one type a browser may write itself. */
  session: {
    loginManual: 'users/login/manual',
    loginAuto: 'users/login/auto',
    logoutManual: 'users/logout/manual',
    sessionRevoked: 'users/session/revoked',
  },
  /** Changes made by people to users, groups, access, passwords, MFA and the log itself. */
  people: {
    usersCreate: 'users/create',
    usersUpdate: 'users/update',
    usersDelete: 'users/delete',
    usersSettingsUpdate: 'users/settings/update',
    usersAccessCreate: 'users/access/create',
    usersAccessDelete: 'users/access/delete',
    groupsCreate: 'groups/create',
    groupsUpdate: 'groups/update',
    groupsDelete: 'groups/delete',
    passwordRecover: 'users/password/recover',
    loginRecovery: 'users/login/recovery',
    passwordUpdate: 'users/password/update',
    mfaEnroll: 'users/mfa/enroll',
    mfaVerify: 'users/mfa/verify',
    mfaUnenroll: 'users/mfa/unenroll',
    mfaRecoveryCodesCreate: 'users/mfa/recovery-codes/create',
    mfaRecoveryCodeUse: 'users/mfa/recovery-codes/use',
    usersMfaDelete: 'users/mfa/delete',
    logsUpdate: 'logs/update',
    logsDelete: 'logs/delete',
  },
  /** Admin changes to locations, bays, links, cameras and mutes. */
  location: {
    locationsCreate: 'locations/create',
    locationsUpdate: 'locations/update',
    locationsDelete: 'locations/delete',
    imagesUpload: 'locations/image/upload',
    baysCreate: 'bays/create',
    baysUpdate: 'bays/update',
    baysDelete: 'bays/delete',
    baysStatusManual: 'bays/status/manual',
    linksCreate: 'bays/links/create',
    linksUpdate: 'bays/links/update',
    linksDelete: 'bays/links/delete',
    linksReorder: 'bays/links/reorder',
    camerasCreate: 'locations/cameras/create',
    camerasUpdate: 'locations/cameras/update',
    camerasDelete: 'locations/cameras/delete',
    mutesCreate: 'mutes/create',
    mutesEnd: 'mutes/end',
  },
  /** Admin changes to the status engine (APIs, their attributes, bay attributes) and acknowledged alerts. */
  engine: {
    apisCreate: 'apis/create',
    apisUpdate: 'apis/update',
    apisDelete: 'apis/delete',
    apisStatus: 'apis/status',
    apiMetricsCreate: 'apis/metrics/create',
    apiMetricsUpdate: 'apis/metrics/update',
    apiMetricsDelete: 'apis/metrics/delete',
    bayMetricsCreate: 'bays/metrics/create',
    bayMetricsUpdate: 'bays/metrics/update',
    bayMetricsDelete: 'bays/metrics/delete',
    alertsAcknowledge: 'alerts/acknowledge',
  },
  /** Maintenance jobs; `overdue` is written by the server. */
  maintenance: {
    start: 'bays/maintenance/start',
    update: 'bays/maintenance/update',
    end: 'bays/maintenance/end',
    overdue: 'bays/maintenance/overdue',
  },
  /** Maintenance plans; `skip`: an occurrence that started no job (by the server). */
  maintenancePlan: {
    create: 'bays/maintenance/plans/create',
    update: 'bays/maintenance/plans/update',
    delete: 'bays/maintenance/plans/delete',
    skip: 'bays/maintenance/plans/skip',
  },
  /** Notification recipients. */
  notification: {
    create: 'settings/notifications/create',
    update: 'settings/notifications/update',
    delete: 'settings/notifications/delete',
  },
  /** Webhooks (field names only, never the secret). */
  webhook: {
    create: 'webhooks/create',
    update: 'webhooks/update',
    delete: 'webhooks/delete',
  },
  /** Push devices and the actions taken from a notification. */
  webPush: {
    deviceCreate: 'users/push/devices/create',
    deviceDelete: 'users/push/devices/delete',
    acknowledge: 'users/push/actions/acknowledge',
  },
  /** The system settings (extraData: the fields with their old and new values). */
  settings: { update: 'settings/update' },
  /** Uploaded data sources. */
  dataSource: {
    upload: 'data/upload',
    delete: 'data/delete',
  },
} as const;

type LogTypes = typeof LOG_TYPES;
export type LogArea = keyof LogTypes;
/** A type the audit log may hold: one of the values of `LOG_TYPES`. */
export type LogType = { [A in LogArea]: LogTypes[A][keyof LogTypes[A]] }[LogArea];

/** Every value of `LOG_TYPES`, area by area: the values the table's CHECK constraint allows. */
export const LOG_TYPE_VALUES = Object.values(LOG_TYPES).flatMap((area): LogType[] => Object.values(area)) as [
  LogType,
  ...LogType[],
];
