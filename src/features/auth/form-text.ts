// Reads a text field of a submitted form; the signed-out forms are uncontrolled, since they carry no
// client-side rules beyond the browser's own (spec §5: the server's messages are shown).
export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name)
  return typeof value === 'string' ? value : ''
}
