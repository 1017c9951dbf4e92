import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function invitationRoutes() {
  return new Hono<AppEnv>()
}
