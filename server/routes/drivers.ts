import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function driverRoutes() {
  return new Hono<AppEnv>()
}
