import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

export function preInspectionRoutes() {
  return new Hono<AppEnv>()
}
