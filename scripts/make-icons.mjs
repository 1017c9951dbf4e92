// Renders the install assets with the system Chromium: public/icons/icon.svg → 192, 512 and maskable-512
// PNGs, and the manifest's two screenshots (wide 1280x720, narrow 390x844) of the real app with demo data.
//   node scripts/make-icons.mjs                   icons, then screenshots of the app built in dist/
//   node scripts/make-icons.mjs --dist /tmp/dist  screenshots of a build elsewhere
//   node scripts/make-icons.mjs --icons-only
// Screenshots start the real server (DEMO=1, temp data dir) on a free port and sign in as demo users.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const iconsOnly = args.includes('--icons-only')
const distArg = args.indexOf('--dist')
const distDir = path.resolve(root, distArg >= 0 && args[distArg + 1] ? args[distArg + 1] : 'dist')
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const iconSvg = readFileSync(path.join(root, 'public/icons/icon.svg'), 'utf8')
// The icon's own backdrop colour: a maskable icon must fill its whole square with it.
const iconBackground = /<rect[^>]*fill="(#[0-9a-f]{3,8})"/i.exec(iconSvg)?.[1] ?? '#1c2434'

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
try {
  await renderIcons()
  if (!iconsOnly) await renderScreenshots()
} finally {
  await browser.close()
}

async function renderIcons() {
  const page = await browser.newPage()
  const outDir = path.join(root, 'public/icons')
  const svgDataUrl = `data:image/svg+xml;base64,${Buffer.from(iconSvg).toString('base64')}`
  const render = async (size, file, { maskable }) => {
    await page.setViewportSize({ width: size, height: size })
    // Maskable: full-bleed backdrop, artwork inside the central 80% safe zone so no launcher crops it.
    const artwork = maskable ? Math.round(size * 0.8) : size
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? iconBackground : 'transparent'}">
        <img src="${svgDataUrl}" width="${artwork}" height="${artwork}" alt="">
      </body>`,
    )
    await page.locator('img').evaluate((img) => img.decode())
    await page.screenshot({ path: path.join(outDir, file), omitBackground: !maskable })
    console.log(`public/icons/${file}`)
  }
  await render(192, 'icon-192.png', { maskable: false })
  await render(512, 'icon-512.png', { maskable: false })
  await render(512, 'icon-maskable-512.png', { maskable: true })
  await page.close()
}

async function renderScreenshots() {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`No built app in ${distDir}: run \`npx vite build --outDir ${distDir}\` first, or pass --icons-only.`)
  }
  const outDir = path.join(root, 'public/screenshots')
  mkdirSync(outDir, { recursive: true })
  const server = await startServer()
  try {
    await screenshotAs(server.url, 'owner@fleetyard.demo', {
      viewport: { width: 1280, height: 720 },
      file: path.join(outDir, 'units-wide.png'),
    })
    await screenshotAs(server.url, 'maria@fleetyard.demo', {
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      file: path.join(outDir, 'units-narrow.png'),
    })
  } finally {
    await server.stop()
  }
}

async function screenshotAs(baseUrl, email, { viewport, userAgent, file }) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Fleetyard1' }),
  })
  if (!response.ok) throw new Error(`demo sign-in as ${email} failed: ${response.status} ${await response.text()}`)
  const { token, user } = await response.json()
  // Screenshots are taken outside the service worker so they show exactly what this build renders.
  const context = await browser.newContext({ viewport, userAgent, serviceWorkers: 'block', deviceScaleFactor: 1 })
  await context.addInitScript(
    ([storedToken, userId]) => {
      localStorage.setItem('token', storedToken)
      localStorage.setItem('userId', userId)
    },
    [token, user._id],
  )
  const page = await context.newPage()
  await page.goto(`${baseUrl}/units`, { waitUntil: 'networkidle' })
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
  await page.screenshot({ path: file })
  console.log(path.relative(root, file))
  await context.close()
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

async function startServer() {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-screenshots-'))
  // Node itself with the tsx loader (not npx): one process, so SIGTERM reaches the server's own shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000)
    const onData = (chunk) => {
      output += chunk.toString()
      if (output.includes('Fleetyard ready')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
