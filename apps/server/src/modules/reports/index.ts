// The availability report by e-mail, weekly and monthly (docs/domain.md, Reports by e-mail): when each
// period is due, the event that sends it once, and the e-mails with the CSV attached.
export { createReportRenderer } from './report-mail';
export { createReportScheduler } from './report-scheduler';
