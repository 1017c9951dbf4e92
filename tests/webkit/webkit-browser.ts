// WebKit as iPhones run it, as near as this machine gets (issue 23): WebKitGTK's MiniBrowser (Debian
// `webkit2gtk-driver`) driven by WebKitWebDriver under `xvfb-run`, over classic WebDriver through
// WebdriverIO (Playwright cannot drive MiniBrowser, and WebKitWebDriver speaks no BiDi). WebKitGTK is
// not iOS Safari but shares its engine; like iOS it has no Background Sync and, in MiniBrowser, no
// navigator.storage. An iPhone's user agent (the app tells a phone by it) and an iPhone's window size.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { remote } from 'webdriverio'
import { freePort } from '../support/free-port.ts'

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
export const IPHONE_WINDOW = { width: 390, height: 844 }

export type Browser = WebdriverIO.Browser

export interface WebKit {
  browser: Browser
  /** The MiniBrowser build the session runs, as the driver reports it. */
  version: string
  close(): Promise<void>
}

/** Fails loudly, with the install line, when the engine is not on this machine: nothing is skipped. */
export function requireWebKit(): void {
  const missing = [WEBKIT_DRIVER, MINIBROWSER, '/usr/bin/xvfb-run'].filter((file) => !existsSync(file))
  if (missing.length > 0) throw new Error(`WebKit is missing (${missing.join(', ')}): apt-get install -y webkit2gtk-driver xvfb`)
}

function startDriver(port: number): ChildProcess {
  // Its own process group, so the stop ends xvfb-run, Xvfb and the driver (and the browser under it) together.
  return spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
}

async function driverReady(port: number, driver: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('WebKitWebDriver did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export async function launchWebKit(): Promise<WebKit> {
  requireWebKit()
  const port = await freePort()
  const driver = startDriver(port)
  let output = ''
  driver.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  driver.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stopDriver = async () => {
    if (driver.exitCode !== null || driver.signalCode !== null || driver.pid === undefined) return
    const exited = new Promise((resolve) => driver.once('exit', resolve))
    process.kill(-driver.pid, 'SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (driver.exitCode === null && driver.signalCode === null) process.kill(-driver.pid, 'SIGKILL')
  }
  try {
    await driverReady(port, driver)
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: {
        browserName: 'MiniBrowser',
        // WebdriverIO 9 would ask for a BiDi session, which WebKitWebDriver does not speak.
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', `--user-agent=${IPHONE_USER_AGENT}`] },
      } as WebdriverIO.Capabilities,
    })
    await browser.setWindowSize(IPHONE_WINDOW.width, IPHONE_WINDOW.height)
    const version = String((browser.capabilities as { browserVersion?: string }).browserVersion ?? 'unknown')
    return {
      browser,
      version,
      close: async () => {
        await browser.deleteSession().catch(() => {})
        await stopDriver()
      },
    }
  } catch (error) {
    await stopDriver()
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error })
  }
}
