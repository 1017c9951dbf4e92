import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function userRoutes() {
  return new Hono<AppEnv>()
}
