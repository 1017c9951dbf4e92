import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function inspectionRoutes() {
  return new Hono<AppEnv>()
}
