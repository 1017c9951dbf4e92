// The DVIR's words (core/contract/dvir.ts) as the driver reads them on screen, in their language; the
// PDF keeps core's English regulatory labels (docs/decisions/022-languages.md).
import type { DefectSeverity, ItemResultValue } from '../../../core/contract/dvir.ts'
import { m, tr } from '../../i18n/translate.ts'

const RESULTS: Record<ItemResultValue, string> = { ok: m('OK'), defect: m('Defect') }
const SEVERITIES: Record<DefectSeverity, string> = { minor: m('Minor'), 'out-of-service': m('Out of service') }

export const resultLabel = (value: ItemResultValue): string => tr(RESULTS[value])
export const severityLabel = (value: DefectSeverity): string => tr(SEVERITIES[value])
