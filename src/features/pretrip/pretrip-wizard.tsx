// The running pre-trip (spec §4, 2 steps): which step the draft is at, and that step's screen. The step
// comes from the draft in IndexedDB, so a reload or a reopened tab lands exactly where the driver was.
import { useEffect, useRef } from 'react'
import type { ChecklistItem } from '../../lib/checklist.ts'
import type { DraftRecord } from '../../outbox/outbox-db.ts'
import { CaptureStep } from './capture-step.tsx'
import { PRETRIP_STEPS, type PretripStep } from './pretrip-rules.ts'
import { ReviewStep } from './review-step.tsx'
import { m, t, tr } from '../../i18n/translate.ts'

const STEP_TITLES: Record<1 | 2, string> = { 1: m('Photos and videos'), 2: m('Checklist and description') }

export function PretripWizard({ draft, step, checklist }: { draft: DraftRecord; step: Exclude<PretripStep, 0>; checklist: readonly ChecklistItem[] }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)
  // Next and Previous are pressed at the bottom of a long step: the new step starts at its top, and
  // focus moves to its heading so a screen reader announces it. A resumed draft opens where it is.
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [step])
  return (
    <section aria-labelledby="pretrip-step" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h2 id="pretrip-step" ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold outline-none">
          {t('Step {step} of {steps}: {title}', { step, steps: PRETRIP_STEPS, title: tr(STEP_TITLES[step]) })}
        </h2>
        <ol aria-hidden="true" className="grid grid-cols-2 gap-2">
          {([1, 2] as const).map((index) => (
            <li key={index} className={`h-1.5 rounded-full ${index <= step ? 'bg-primary' : 'bg-slate-200 dark:bg-slate-700'}`} />
          ))}
        </ol>
      </div>
      {/* Keyed by draft: a resumed or new draft never inherits the previous one's field state. */}
      {step === 1 ? <CaptureStep key={draft.id} draft={draft} checklist={checklist} /> : <ReviewStep key={draft.id} draft={draft} checklist={checklist} />}
    </section>
  )
}
