// The driver licence's expiry date (issue 15: reminders 30, 7 and 0 days before), beside the licence
// images of /user/save-documents. Only for oneself, like the rest of /user's writes.
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { UserSavedResponse } from '../../core/contract/auth.ts'
import { LicenceExpiryBody } from '../../core/contract/reminder-fields.ts'
import { authUserOf } from '../accounts/auth-user.ts'
import { requireUser } from '../auth/session.ts'
import { users } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody } from '../http/validate.ts'
import { NotFound } from '../domain-errors.ts'

export function licenceExpiryRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.put('/licence-expiry/:id', async (c) => {
    const id = idParam(c, 'id')
    if (id !== c.var.user.id) throw new NotFound('User not found.')
    const { expiresOn } = await jsonBody(c, LicenceExpiryBody)
    const { db, now } = c.var.deps
    const [row] = await db
      .update(users)
      .set({ licenceExpiresOn: expiresOn, updatedAt: now?.() ?? new Date() })
      .where(eq(users.id, id))
      .returning()
    if (!row) throw new NotFound('User not found.')
    return c.json<UserSavedResponse>({ message: 'Driver licence has been saved successfully.', user: await authUserOf(db, row, c.var.deps) })
  })

  return app
}
