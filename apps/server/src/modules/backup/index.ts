export { writeBackup } from './backup';
export { BackupError, backupFileName } from './backup-format';
export { pruneBackups, startBackupSchedule, untilHour } from './backup-schedule';
export { requireInstalledSecretKey, runCommand } from './command';
export { openForBackup, openForRestore } from './install-database';
export { restoreBackup } from './restore';
