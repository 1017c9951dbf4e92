import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function documentRoutes() {
  return new Hono<AppEnv>()
}
