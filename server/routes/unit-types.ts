import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function unitTypeRoutes() {
  return new Hono<AppEnv>()
}
