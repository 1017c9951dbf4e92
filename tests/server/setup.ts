// Server test setup: a server bug that logs and answers 500 must not pass silently.
const originalError = console.error
console.error = (...args: unknown[]) => {
  originalError(...args)
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`)
}
