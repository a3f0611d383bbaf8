export { writeBackup } from './backup';
export { BackupError } from './backup-format';
export { startBackupSchedule } from './backup-schedule';
export { requireInstalledSecretKey, runCommand } from './command';
export { openForBackup, openForRestore } from './install-database';
export { restoreBackup } from './restore';
