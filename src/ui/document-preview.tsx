// A document's preview modal (spec §2 "Documents tab", §9): the image or PDF itself, then Print (not on a
// phone), Close and Download. Print opens a blank window holding only the file — a PDF fit to the width
// without its toolbar, an image scaled to fit the page — prints it shortly after, and closes it.
import { useState } from 'react'
import { isMobileDevice } from '../lib/device.ts'
import { isPrintable, type FileKind } from '../lib/file-kind.ts'
import { Button } from './button.tsx'
import { Modal } from './modal.tsx'
import { t } from '../i18n/translate.ts'

export interface PreviewableDocument {
  fileName: string
  /** Shown inline. */
  url: string
  /** Always downloads. */
  downloadUrl: string
  kind: FileKind
}

/** Spec §9: the print window prints about 10 ms after its content is ready. */
export const PRINT_DELAY_MS = 10

/** The PDF viewer's open parameters: no toolbar, page fit to the width. */
export function pdfViewUrl(url: string): string {
  return `${url.split('#')[0]}#toolbar=0&navpanes=0&view=FitH`
}

/**
 * Prints one document through its own blank window. Returns false when the browser blocked the window.
 * The wait is for the file to load (an empty page would print otherwise), then PRINT_DELAY_MS.
 */
export function printDocument(document: Pick<PreviewableDocument, 'fileName' | 'url' | 'kind'>, open: typeof window.open = window.open.bind(window)): boolean {
  if (!isPrintable(document.kind)) return false
  const printWindow = open('', '_blank')
  if (!printWindow) return false
  const page = printWindow.document
  page.title = document.fileName
  const style = page.createElement('style')
  style.textContent =
    'html,body{margin:0;height:100%;background:#fff}' +
    'img{display:block;margin:0 auto;max-width:100%;max-height:100vh;object-fit:contain}' +
    'iframe{display:block;width:100%;height:100vh;border:0}'
  page.head.append(style)
  let content: HTMLImageElement | HTMLIFrameElement
  let pdfFrame: HTMLIFrameElement | null = null
  if (document.kind === 'image') {
    const image = page.createElement('img')
    image.src = document.url
    image.alt = document.fileName
    content = image
  } else {
    // No sandbox: a sandboxed frame may not run the browser's PDF viewer, and the file is our own,
    // served with nosniff under a signed address.
    // oxlint-disable-next-line react/iframe-missing-sandbox
    const frame = page.createElement('iframe')
    frame.src = pdfViewUrl(document.url)
    frame.title = document.fileName
    pdfFrame = frame
    content = frame
  }
  const printSoon = () => {
    printWindow.setTimeout(() => {
      // A PDF prints whole only from its own viewer's window (printing the page around it prints one page).
      const target = pdfFrame?.contentWindow ?? printWindow
      target.focus()
      target.print()
      printWindow.close()
    }, PRINT_DELAY_MS)
  }
  content.addEventListener('load', printSoon, { once: true })
  // A broken file still gets its (empty) print dialog and closes, rather than leaving a stray window.
  content.addEventListener('error', printSoon, { once: true })
  page.body.append(content)
  return true
}

export interface DocumentPreviewProps {
  /** Null while the document's details load. */
  document: PreviewableDocument | null
  /** Why the document could not be loaded. */
  error?: string | null
  title?: string
  onClose: () => void
}

export function DocumentPreview({ document, error, title, onClose }: DocumentPreviewProps) {
  const [mobile] = useState(() => isMobileDevice())
  const [printBlocked, setPrintBlocked] = useState(false)
  return (
    <Modal title={title ?? document?.fileName ?? t('Preview')} onClose={onClose} size="xl">
      <div className="flex flex-col gap-4">
        <DocumentView document={document} error={error} />
        {printBlocked && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('The print window was blocked. Allow pop-ups for this site and try again.')}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          {!mobile && document && isPrintable(document.kind) && (
            <Button variant="secondary" onClick={() => setPrintBlocked(!printDocument(document))}>
              {t('Print')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('Close')}
          </Button>
          {document && (
            <a
              href={document.downloadUrl}
              download={document.fileName}
              className="inline-flex min-h-12 items-center justify-center rounded-lg border border-primary bg-primary px-5 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {t('Download')}
            </a>
          )}
        </div>
      </div>
    </Modal>
  )
}

function DocumentView({ document, error }: { document: PreviewableDocument | null; error?: string | null | undefined }) {
  const [broken, setBroken] = useState(false)
  if (error) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-700 dark:bg-red-950/40 dark:text-red-300">
        {error}
      </p>
    )
  }
  if (!document) {
    return (
      <p role="status" className="flex h-64 items-center justify-center text-slate-600 dark:text-slate-300">
        {t('Loading...')}
      </p>
    )
  }
  if (document.kind === 'image' && !broken) {
    return (
      <img
        src={document.url}
        alt={document.fileName}
        onError={() => setBroken(true)}
        className="mx-auto max-h-[65vh] w-auto max-w-full rounded-md bg-slate-100 object-contain dark:bg-boxdark-2"
      />
    )
  }
  if (document.kind === 'pdf') {
    return (
      <object data={pdfViewUrl(document.url)} type="application/pdf" aria-label={document.fileName} className="h-[65vh] w-full rounded-md border border-slate-200 dark:border-strokedark">
        <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t('This browser cannot show the PDF here. Download it to open it.')}</p>
      </object>
    )
  }
  return (
    <p className="rounded-md bg-slate-100 p-6 text-center text-slate-600 dark:bg-boxdark-2 dark:text-slate-300">
      {broken ? t('Image Not Found') : t('This file cannot be shown here. Download it to open it.')}
    </p>
  )
}
