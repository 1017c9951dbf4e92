import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function inspectionTypeRoutes() {
  return new Hono<AppEnv>()
}
