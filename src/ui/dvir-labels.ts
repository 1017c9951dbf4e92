// The DVIR's words (core/contract/dvir.ts) as the driver and the owner read them on screen, in their
// language; the PDF keeps core's English regulatory labels (docs/decisions/022-languages.md).
import type { DefectStatusFilter } from '../../core/contract/defect-status.ts'
import type { CertificationAction, DefectSeverity, ItemResultValue } from '../../core/contract/dvir.ts'
import { m, tr } from '../i18n/translate.ts'

const RESULTS: Record<ItemResultValue, string> = { ok: m('OK'), defect: m('Defect') }
const SEVERITIES: Record<DefectSeverity, string> = { minor: m('Minor'), 'out-of-service': m('Out of service') }
const CERTIFICATIONS: Record<CertificationAction, string> = { repaired: m('Repaired'), 'no-repair-needed': m('No repair needed') }
const DEFECT_STATUSES: Record<DefectStatusFilter, string> = { open: m('Open'), repaired: m('Repaired'), 'no-repair-needed': m('No repair needed'), all: m('All') }

export const resultLabel = (value: ItemResultValue): string => tr(RESULTS[value])
export const severityLabel = (value: DefectSeverity): string => tr(SEVERITIES[value])
export const certificationLabel = (value: CertificationAction): string => tr(CERTIFICATIONS[value])
export const defectStatusLabel = (value: DefectStatusFilter): string => tr(DEFECT_STATUSES[value])
