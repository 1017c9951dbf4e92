// Driver licences with an expiry date: reminded 30, 7 and 0 days before. The licence holder is told (and
// opens their licence page); the company's owners are told too (and open the driver).
import { and, eq, isNotNull } from 'drizzle-orm'
import { users } from '../../db/schema.ts'
import { longDate } from '../local-day.ts'
import type { DueReminder, ReminderContext, ReminderRule } from '../reminder-rule.ts'
import { daysFrom, EXPIRY_THRESHOLDS, expiryPhrase, reachedThreshold } from '../thresholds.ts'

async function due({ db, company, day, owners }: ReminderContext): Promise<DueReminder[]> {
  const holders = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role, expiresOn: users.licenceExpiresOn })
    .from(users)
    .where(and(eq(users.companyId, company.id), isNotNull(users.licenceExpiresOn)))
  const raised: DueReminder[] = []
  for (const holder of holders) {
    const expiresOn = holder.expiresOn!
    const days = daysFrom(day, expiresOn)
    const threshold = reachedThreshold(days, EXPIRY_THRESHOLDS)
    if (threshold === null) continue
    const when = `${days < 0 ? 'It expired on' : 'It expires on'} ${longDate(expiresOn)}.`
    const name = `${holder.firstName} ${holder.lastName}`.trim() || 'A driver'
    raised.push({
      key: `licence-expiry:${holder.id}:${expiresOn}:${threshold}`,
      messages: [
        { userId: holder.id, title: `Your driver licence ${expiryPhrase(days)}`, body: `${when} Upload the renewed licence in Driver Licence.`, link: '/documents' },
        ...owners
          .filter((owner) => owner.id !== holder.id)
          .map((owner) => ({
            userId: owner.id,
            title: `${name}'s driver licence ${expiryPhrase(days)}`,
            body: when,
            // An owner's own licence is on their licence page; a driver's on the driver's page.
            link: holder.role === 'driver' ? `/drivers/${holder.id}` : '/documents',
          })),
      ],
    })
  }
  return raised
}

export const licenceExpiryReminders: ReminderRule = { kind: 'licence-expiry', due }
