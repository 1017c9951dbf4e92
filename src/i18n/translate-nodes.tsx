// `tr()` for a sentence with markup inside it ('Signed in as <b>{email}</b>.'): the translation is
// filled with markers for the placeholders that are elements, then cut around them, so a language may
// move the element wherever its sentence needs it. Mark the message with m() where it is written.
import { Fragment, type ReactNode } from 'react'
import { tr, type MessageValues } from './translate.ts'

const MARK = '\u0000'

export function trNodes(message: string, nodes: Record<string, ReactNode>, values: MessageValues = {}): ReactNode {
  const marked: MessageValues = { ...values }
  for (const name of Object.keys(nodes)) marked[name] = `${MARK}${name}${MARK}`
  const pieces = tr(message, marked).split(MARK)
  // Odd pieces are the names between markers.
  return pieces.map((piece, index) => <Fragment key={index}>{index % 2 === 1 ? nodes[piece] : piece}</Fragment>)
}
