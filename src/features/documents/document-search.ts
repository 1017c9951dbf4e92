// Spec §2 "App documents": the search matches the file name or the author's first name, ignoring case.
import type { CompanyDocument } from '../../../core/contract/documents.ts'
import { t } from '../../i18n/translate.ts'

export function matchesDocument(document: CompanyDocument, term: string): boolean {
  const needle = term.trim().toLowerCase()
  if (!needle) return true
  return document.fileName.toLowerCase().includes(needle) || (document.authorId?.firstName.toLowerCase().includes(needle) ?? false)
}

/** 'All Units', or the VINs of the units it is attached to. */
export function attachedLabel(document: CompanyDocument): string {
  if (document.allUnits) return t('All Units')
  return document.unitIds.map((unit) => unit.vin).join(', ')
}
