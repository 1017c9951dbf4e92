// Every kind of reminder the daily run raises, in the order its digest lists them. This list is the
// extension point: open 'Out of service' defects older than 24 hours (the DVIR issue) become a rule in
// rules/ — kind added to REMINDER_KINDS in core/contract/company-settings.ts, keys like
// `out-of-service:<defectId>:24h` — and are added here; the run, dedupe, digests and channels need nothing more.
import { documentExpiryReminders } from './rules/document-expiry.ts'
import { licenceExpiryReminders } from './rules/licence-expiry.ts'
import { oilChangeReminders } from './rules/oil-change.ts'
import { outOfServiceReminders } from './rules/out-of-service.ts'
import type { ReminderRule } from './reminder-rule.ts'

export const REMINDER_RULES: readonly ReminderRule[] = [oilChangeReminders, documentExpiryReminders, licenceExpiryReminders, outOfServiceReminders]
