// Driver licences with an expiry date: reminded 30, 7 and 0 days before. The licence holder is told (and
// opens their licence page); the company's owners are told too (and open the driver).
import { and, eq, isNotNull } from 'drizzle-orm'
import { users } from '../../db/schema.ts'
import { longDate } from '../local-day.ts'
import type { Language } from '../../../core/contract/auth.ts'
import { say } from '../../i18n/server-messages.ts'
import type { DueReminder, ReminderContext, ReminderRule, Said } from '../reminder-rule.ts'
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
    const when: Said = (language) => say(language, days < 0 ? 'It expired on {date}.' : 'It expires on {date}.', { date: longDate(expiresOn, language) })
    const fullName = `${holder.firstName} ${holder.lastName}`.trim()
    raised.push({
      key: `licence-expiry:${holder.id}:${expiresOn}:${threshold}`,
      messages: [
        {
          userId: holder.id,
          title: (language) => say(language, 'Your driver licence {expires}', { expires: expiryPhrase(days, language) }),
          body: (language) => `${when(language)} ${say(language, 'Upload the renewed licence in Driver Licence.')}`,
          link: '/documents',
        },
        ...owners
          .filter((owner) => owner.id !== holder.id)
          .map((owner) => ({
            userId: owner.id,
            title: (language: Language | null) =>
              say(language, "{name}'s driver licence {expires}", { name: fullName || say(language, 'A driver'), expires: expiryPhrase(days, language) }),
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
