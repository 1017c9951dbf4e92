import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function companyRoutes() {
  return new Hono<AppEnv>()
}
