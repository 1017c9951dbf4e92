// What a kind of reminder is: a rule that, for one company on one of its local days, says which
// reminders are due — each with its key (one per subject and threshold) and what each recipient is told.
// The daily run (company-day.ts) raises the ones whose key is new.
import type { Language } from '../../core/contract/auth.ts'
import type { DistanceUnit, ReminderKind } from '../../core/contract/company-settings.ts'
import type { Db } from '../db/client.ts'

export interface ReminderCompany {
  id: string
  name: string
  timeZone: string
  distanceUnit: DistanceUnit
}

export interface ReminderPerson {
  id: string
  firstName: string
  lastName: string
}

export interface ReminderContext {
  /** The daily run's transaction. */
  db: Db
  company: ReminderCompany
  /** The company-local day being run, `YYYY-MM-DD`; every "days left" counts from it. */
  day: string
  /** When the run happens (for rules that count hours, like open out-of-service defects). */
  now: Date
  owners: readonly ReminderPerson[]
}

/**
 * A text in the language it is said in: the run writes each person's notification in their language
 * (users.language; null: English), so a rule says its words once for all of them.
 */
export type Said = (language: Language | null) => string

/** What one person is told; the owner and the driver of one reminder may read different words and links. */
export interface ReminderMessage {
  userId: string
  title: Said
  body: Said
  /** App path it opens: /unit/<id>, /app-documents, /documents (the licence), /drivers/<id>. */
  link: string
}

export interface DueReminder {
  /** Unique for the subject and threshold, e.g. `document-expiry:<id>:<expiresOn>:7`: raised once, ever. */
  key: string
  messages: ReminderMessage[]
}

export interface ReminderRule {
  kind: ReminderKind
  due(context: ReminderContext): Promise<DueReminder[]>
}
