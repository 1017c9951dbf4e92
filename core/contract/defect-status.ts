// The Defects screen's status filter (docs/decisions/011-dvir.md), apart from the DVIR's schemas so the
// route that reads it from the URL stays light.
export const DEFECT_STATUSES = ['open', 'repaired', 'no-repair-needed', 'all'] as const
export type DefectStatusFilter = (typeof DEFECT_STATUSES)[number]
