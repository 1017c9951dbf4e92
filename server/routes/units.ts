import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function unitRoutes() {
  return new Hono<AppEnv>()
}
