// Step 1 of the pre-trip (spec §4): every checklist item with its captures. Files are downscaled and
// stored on the device at once; uploads follow by themselves through the outbox. Next needs a capture
// for every item, else 'Please upload required items!'.
import { useState } from 'react'
import { toast } from 'react-hot-toast'
import { errorText } from '../../api/error-message.ts'
import type { ChecklistItem } from '../../lib/checklist.ts'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { removeCapture, saveItemResult } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord, type MediaRef } from '../../outbox/outbox-db.ts'
import { retryNow } from '../../outbox/outbox-runtime.ts'
import { useCaptureStates, useDvirRefusals } from '../../outbox/use-outbox.ts'
import { Button } from '../../ui/button.tsx'
import { addItemFiles, goToStep } from './pretrip-actions.ts'
import { ChecklistItemCard } from './checklist-item-card.tsx'
import { canLeaveCaptureStep, capturesOf, INCOMPLETE_DEFECTS_MESSAGE, itemUploadState, REQUIRED_ITEMS_MESSAGE } from './pretrip-rules.ts'
import { t, tr } from '../../i18n/translate.ts'

export function CaptureStep({ draft, checklist }: { draft: DraftRecord; checklist: readonly ChecklistItem[] }) {
  const sendStates = useCaptureStates(draft.id)
  const online = useOnlineStatus()
  const [preparing, setPreparing] = useState<Record<string, number>>({})
  const [problems, setProblems] = useState<Record<string, string[]>>({})
  const refusals = useDvirRefusals(draft.id)
  // Items marked Defect whose note or severity is still missing (not yet saved).
  const [incomplete, setIncomplete] = useState<ReadonlySet<string>>(new Set())
  const markIncomplete = (item: string, missing: boolean) =>
    setIncomplete((previous) => {
      if (previous.has(item) === missing) return previous
      const next = new Set(previous)
      if (missing) next.add(item)
      else next.delete(item)
      return next
    })

  const addFiles = async (item: ChecklistItem, files: File[]) => {
    setProblems((previous) => ({ ...previous, [item.name]: [] }))
    setPreparing((previous) => ({ ...previous, [item.name]: (previous[item.name] ?? 0) + files.length }))
    try {
      const { refused } = await addItemFiles(outboxDb, draft.id, item, files)
      if (refused.length > 0) setProblems((previous) => ({ ...previous, [item.name]: refused.map((file) => file.message) }))
    } catch (error) {
      // Storage itself failed (a full disk): what was kept before stays; the message says so.
      setProblems((previous) => ({ ...previous, [item.name]: [errorText(error)] }))
    } finally {
      setPreparing((previous) => ({ ...previous, [item.name]: Math.max(0, (previous[item.name] ?? 0) - files.length) }))
    }
  }

  const remove = async (capture: MediaRef) => {
    try {
      await removeCapture(outboxDb, draft.id, capture.mediaId)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  const next = async () => {
    if (!canLeaveCaptureStep(checklist, draft.media)) {
      toast.error(tr(REQUIRED_ITEMS_MESSAGE))
      return
    }
    if (incomplete.size > 0 || refusals.results.size > 0) {
      toast.error(tr(INCOMPLETE_DEFECTS_MESSAGE))
      return
    }
    try {
      await goToStep(outboxDb, draft.id, 2)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  const busy = Object.values(preparing).some((count) => count > 0)

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('Checklist')} className="flex flex-col gap-4">
        {checklist.map((item) => {
          const captures = capturesOf(draft.media, item.name)
          return (
            <ChecklistItemCard
              key={item.name}
              item={item}
              captures={captures}
              upload={itemUploadState(captures, sendStates, online)}
              preparing={preparing[item.name] ?? 0}
              problems={problems[item.name] ?? []}
              onFiles={(files) => void addFiles(item, files)}
              onRemove={(capture) => void remove(capture)}
              onRetry={() => void retryNow()}
              result={{
                saved: draft.results?.[item.name],
                refusal: refusals.results.get(item.name) ?? null,
                onSave: async (result) => {
                  await saveItemResult(outboxDb, draft.id, result)
                },
                onIncomplete: (missing) => markIncomplete(item.name, missing),
              }}
            />
          )
        })}
      </ul>
      <div className="flex justify-end">
        <Button onClick={() => void next()} disabled={busy}>
          {t('Next')}
        </Button>
      </div>
    </div>
  )
}
