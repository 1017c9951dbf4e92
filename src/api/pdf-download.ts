// Downloads a PDF the API makes (a DVIR report, a unit's reports): fetched with the session's bearer
// token like every call — a plain link would carry none — then handed to the browser as a file.
import { api } from './client.ts'

export async function downloadPdf(path: string, fileName: string): Promise<void> {
  const blob = await api.get(path, { timeout: 120_000 }).blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Long enough for the browser to have started saving it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
