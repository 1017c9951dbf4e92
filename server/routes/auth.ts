import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function authRoutes() {
  return new Hono<AppEnv>()
}
