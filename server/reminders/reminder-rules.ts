// Every kind of reminder the daily run raises, in the order its digest lists them. This list is the
// extension point: a new kind is a rule in rules/ with its kind in REMINDER_KINDS
// (core/contract/company-settings.ts), added here; the run, dedupe, digests and channels need nothing
// more — as the DVIR's open 'Out of service' defects older than 24 hours were (rules/out-of-service.ts).
import { documentExpiryReminders } from './rules/document-expiry.ts'
import { licenceExpiryReminders } from './rules/licence-expiry.ts'
import { oilChangeReminders } from './rules/oil-change.ts'
import { outOfServiceReminders } from './rules/out-of-service.ts'
import type { ReminderRule } from './reminder-rule.ts'

export const REMINDER_RULES: readonly ReminderRule[] = [oilChangeReminders, documentExpiryReminders, licenceExpiryReminders, outOfServiceReminders]
