import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function fileRoutes() {
  return new Hono<AppEnv>()
}
